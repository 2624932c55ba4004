/// Hand-made minimal image files for the header reader.
enum ImageFixtures {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func be16(_ value: Int) -> [UInt8] { le16(value).reversed() }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func pngChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    /// A PNG header with IHDR (CRC computed) and IEND; no image data, which the reader never needs.
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]) + pngChunk("IEND", [])
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0x00, 0x00, 0x00, 0x3B]
    }

    static func bmp(width: Int, height: Int) -> [UInt8] {
        let info = le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + [UInt8](repeating: 0, count: 24)
        return Array("BM".utf8) + le32(54 + 4) + le32(0) + le32(54) + info + [0, 0, 0, 0]
    }

    static func bmpCore(width: Int, height: Int) -> [UInt8] {
        Array("BM".utf8) + le32(26) + le32(0) + le32(26) + le32(12) + le16(width) + le16(height) + le16(1) + le16(24)
    }

    static func tiff(width: Int, height: Int, bigEndian: Bool) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16
        let u32 = bigEndian ? be32 : le32
        let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        let compression = u16(259) + u16(3) + u32(1) + u16(1) + [0, 0]
        let widthEntry = u16(256) + u16(3) + u32(1) + u16(width) + [0, 0]
        let heightEntry = u16(257) + u16(4) + u32(1) + u32(height)
        return header + u32(8) + u16(3) + widthEntry + heightEntry + compression + u32(0)
    }

    static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0] + be16(1) + be16(1) + [0, 0]
        let dht: [UInt8] = [0xFF, 0xC4] + be16(5) + [0, 1, 2]
        let sof: [UInt8] = [0xFF, 0xFF, 0xFF, marker] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        return [0xFF, 0xD8] + app0 + dht + sof + [0xFF, 0xD9]
    }

    static func ico(width: Int, height: Int) -> [UInt8] {
        [0, 0, 1, 0] + le16(1) + [UInt8(width & 0xFF), UInt8(height & 0xFF), 0, 0] + le16(1) + le16(32)
            + le32(0) + le32(22)
    }

    static func riff(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
        let payload = Array("WEBP".utf8) + Array(chunk.utf8) + le32(body.count) + body
        return Array("RIFF".utf8) + le32(payload.count) + payload
    }

    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0])
    }

    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        riff("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14) + [0])
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        let w = width - 1, h = height - 1
        return riff(
            "VP8X",
            [
                0x10, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF),
                UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF),
            ]
        )
    }
}

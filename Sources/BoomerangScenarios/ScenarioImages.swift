/// Small image files built byte by byte, so the catalogue needs no binary fixtures. PNG, BMP, TIFF,
/// ICO (a PNG inside) are complete 3×2 images; GIF and WebP are the well-known 1×1 files; the
/// JPEG is a header (SOI, JFIF APP0, a baseline SOF0 for 3×2, EOI) without scan data, enough for
/// header readers but not for a full decoder.
public enum ScenarioImages {
    /// 3×2 RGB PNG, one zlib stored block.
    public static let png: [UInt8] = {
        var header: [UInt8] = []
        appendBigEndian32(3, to: &header)
        appendBigEndian32(2, to: &header)
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, adaptive filter, no interlace
        var raw: [UInt8] = []
        for _ in 0..<2 { raw += [0] + [0xFF, 0x00, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0x00, 0x00] }
        var zlib: [UInt8] = [0x78, 0x01, 0x01]  // header, then a final stored block
        zlib += [UInt8(raw.count & 0xFF), UInt8(raw.count >> 8), UInt8(~raw.count & 0xFF), UInt8((~raw.count >> 8) & 0xFF)]
        zlib += raw
        appendBigEndian32(adler32(raw), to: &zlib)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", zlib, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }()

    /// A JPEG header for 3×2 (see the type's note).
    static let jpeg: [UInt8] = [
        0xFF, 0xD8,
        0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03,
        0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
        0xFF, 0xD9,
    ]

    /// 1×1 GIF89a, one white pixel.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// 3×2 24-bit BMP with a BITMAPINFOHEADER (rows padded to 4 bytes, bottom-up).
    static let bmp: [UInt8] = {
        let rowSize = 12, pixelBytes = rowSize * 2
        var file: [UInt8] = Array("BM".utf8)
        appendLittleEndian32(UInt32(54 + pixelBytes), to: &file)
        appendLittleEndian32(0, to: &file)
        appendLittleEndian32(54, to: &file)
        appendLittleEndian32(40, to: &file)
        appendLittleEndian32(3, to: &file)
        appendLittleEndian32(2, to: &file)
        file += [1, 0, 24, 0]
        appendLittleEndian32(0, to: &file)
        appendLittleEndian32(UInt32(pixelBytes), to: &file)
        appendLittleEndian32(2835, to: &file)
        appendLittleEndian32(2835, to: &file)
        appendLittleEndian32(0, to: &file)
        appendLittleEndian32(0, to: &file)
        for _ in 0..<2 { file += [0x00, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0x00, 0x00, 0xFF, 0, 0, 0] }
        return file
    }()

    /// 3×2 uncompressed RGB TIFF, little-endian, one strip.
    static let tiff: [UInt8] = {
        let entries: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)] = [
            (256, 3, 1, 3),  // ImageWidth
            (257, 3, 1, 2),  // ImageLength
            (258, 3, 3, 8),  // BitsPerSample: 8,8,8 stored at offset 8
            (259, 3, 1, 1),  // Compression: none
            (262, 3, 1, 2),  // Photometric: RGB
            (273, 4, 1, 0),  // StripOffsets, patched below
            (277, 3, 1, 3),  // SamplesPerPixel
            (278, 3, 1, 2),  // RowsPerStrip
            (279, 4, 1, 18),  // StripByteCounts
        ]
        let directoryOffset = 14
        let pixelOffset = directoryOffset + 2 + entries.count * 12 + 4
        var file: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
        appendLittleEndian32(UInt32(directoryOffset), to: &file)
        file += [8, 0, 8, 0, 8, 0]  // BitsPerSample values at offset 8
        file += [UInt8(entries.count), 0]
        for entry in entries {
            file += [UInt8(entry.tag & 0xFF), UInt8(entry.tag >> 8), UInt8(entry.type), 0]
            appendLittleEndian32(entry.count, to: &file)
            switch entry.tag {
            case 258: appendLittleEndian32(8, to: &file)
            case 273: appendLittleEndian32(UInt32(pixelOffset), to: &file)
            default: file += [UInt8(entry.value & 0xFF), UInt8(entry.value >> 8 & 0xFF), 0, 0]
            }
        }
        appendLittleEndian32(0, to: &file)
        for _ in 0..<6 { file += [0xFF, 0x00, 0x00] }
        return file
    }()

    /// An icon with one 3×2 entry holding the PNG.
    static let ico: [UInt8] = {
        var file: [UInt8] = [0, 0, 1, 0, 1, 0]
        file += [3, 2, 0, 0, 1, 0, 32, 0]
        appendLittleEndian32(UInt32(png.count), to: &file)
        appendLittleEndian32(22, to: &file)
        return file + png
    }()

    /// 1×1 lossless WebP (VP8L).
    public static let webp: [UInt8] = [
        0x52, 0x49, 0x46, 0x46, 0x1A, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C,
        0x0D, 0x00, 0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE,
        0x07, 0x00,
    ]

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian32(UInt32(data.count), to: &file)
        let typed = Array(type.utf8) + data
        file += typed
        appendBigEndian32(crc32(typed), to: &file)
    }

    private static func appendBigEndian32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendLittleEndian32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

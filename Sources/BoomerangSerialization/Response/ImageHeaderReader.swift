/// Recognises an image file from its magic number and reads its pixel size from the header, with a
/// bounds check before every read. Nothing past the header is decoded and checksums (PNG CRCs) are
/// not verified: the goal is what a client test needs (format and size), in constant time except
/// for the JPEG segment scan, which is linear.
///
/// ```swift
/// let info = try ImageHeaderReader.read(pngBytes)  // ImageInfo(format: .png, width: 1, height: 1, …)
/// ```
public enum ImageHeaderReader {
    /// Reads the format and size.
    ///
    /// - Throws: ``ResponseSerializationError`` with code
    ///   ``ResponseSerializationError/Code/unrecognizedImage`` (no known magic number, or a header
    ///   that breaks the format's rules, such as a zero size) or
    ///   ``ResponseSerializationError/Code/truncatedImage`` (the data ends inside the header); the
    ///   offset is where reading stopped.
    public static func read(_ data: [UInt8]) throws(ResponseSerializationError) -> ImageInfo {
        var reader = ByteReader(bytes: data)
        let format: ImageFormat
        let size: (width: Int, height: Int)
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            format = .png
            size = try readPNG(&reader)
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            format = .jpeg
            size = try readJPEG(&reader)
        } else if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) {
            format = .gif
            size = (Int(try reader.uint16(at: 6, bigEndian: false)), Int(try reader.uint16(at: 8, bigEndian: false)))
        } else if data.starts(with: Array("BM".utf8)) {
            format = .bmp
            size = try readBMP(&reader)
        } else if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            format = .tiff
            size = try readTIFF(&reader, bigEndian: data[0] == 0x4D)
        } else if data.starts(with: [0x00, 0x00, 0x01, 0x00]) {
            format = .ico
            size = try readICO(&reader)
        } else if data.count >= 12, data.starts(with: Array("RIFF".utf8)), Array(data[8..<12]) == Array("WEBP".utf8) {
            format = .webp
            size = try readWebP(&reader)
        } else {
            throw ResponseSerializationError(
                code: .unrecognizedImage,
                message: "The data is not an image of a recognised format.",
                offset: 0
            )
        }
        guard size.width > 0, size.height > 0 else {
            throw malformed("The \(format) header gives an empty size (\(size.width)×\(size.height)).", at: 0)
        }
        return ImageInfo(format: format, width: size.width, height: size.height, data: data)
    }

    private static func malformed(_ message: String, at offset: Int) -> ResponseSerializationError {
        ResponseSerializationError(code: .unrecognizedImage, message: message, offset: offset)
    }

    private static func readPNG(_ reader: inout ByteReader) throws(ResponseSerializationError) -> (Int, Int) {
        guard try reader.slice(at: 12, count: 4) == Array("IHDR".utf8) else {
            throw malformed("The PNG does not start with an IHDR chunk.", at: 12)
        }
        return (Int(try reader.uint32(at: 16, bigEndian: true)), Int(try reader.uint32(at: 20, bigEndian: true)))
    }

    /// Walks the marker segments up to the first start-of-frame (SOF0–SOF15 except DHT, JPG, DAC).
    private static func readJPEG(_ reader: inout ByteReader) throws(ResponseSerializationError) -> (Int, Int) {
        var position = 2
        while true {
            guard try reader.byte(at: position) == 0xFF else {
                throw malformed("Expected a JPEG marker.", at: position)
            }
            var marker = try reader.byte(at: position + 1)
            position += 1
            while marker == 0xFF {
                position += 1
                marker = try reader.byte(at: position)
            }
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0xD8, 0xD9, 0xDA:
                throw malformed("The JPEG has no frame header before its image data.", at: position - 2)
            default:
                break
            }
            let length = Int(try reader.uint16(at: position, bigEndian: true))
            guard length >= 2 else { throw malformed("A JPEG segment length is below 2.", at: position) }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                let height = Int(try reader.uint16(at: position + 3, bigEndian: true))
                let width = Int(try reader.uint16(at: position + 5, bigEndian: true))
                return (width, height)
            }
            position += length
        }
    }

    private static func readBMP(_ reader: inout ByteReader) throws(ResponseSerializationError) -> (Int, Int) {
        let headerSize = try reader.uint32(at: 14, bigEndian: false)
        if headerSize == 12 {
            return (Int(try reader.uint16(at: 18, bigEndian: false)), Int(try reader.uint16(at: 20, bigEndian: false)))
        }
        guard headerSize >= 16 else { throw malformed("Unknown BMP header size \(headerSize).", at: 14) }
        let width = Int(Int32(bitPattern: try reader.uint32(at: 18, bigEndian: false)))
        let height = Int(Int32(bitPattern: try reader.uint32(at: 22, bigEndian: false)))
        return (width, height.magnitude == 0 ? 0 : Int(height.magnitude))
    }

    private static func readTIFF(
        _ reader: inout ByteReader,
        bigEndian: Bool
    ) throws(ResponseSerializationError)
        -> (Int, Int)
    {
        let directory = Int(try reader.uint32(at: 4, bigEndian: bigEndian))
        guard directory >= 8 else { throw malformed("The TIFF directory offset points into the header.", at: 4) }
        let count = Int(try reader.uint16(at: directory, bigEndian: bigEndian))
        var width: Int?
        var height: Int?
        for entry in 0..<count {
            let start = directory + 2 + entry * 12
            let tag = try reader.uint16(at: start, bigEndian: bigEndian)
            guard tag == 256 || tag == 257 else { continue }
            let type = try reader.uint16(at: start + 2, bigEndian: bigEndian)
            let value: Int
            switch type {
            case 3: value = Int(try reader.uint16(at: start + 8, bigEndian: bigEndian))
            case 4: value = Int(try reader.uint32(at: start + 8, bigEndian: bigEndian))
            default: throw malformed("TIFF tag \(tag) has type \(type), not SHORT or LONG.", at: start + 2)
            }
            if tag == 256 { width = value } else { height = value }
            if let width, let height { return (width, height) }
        }
        throw malformed("The first TIFF directory has no ImageWidth and ImageLength.", at: directory)
    }

    private static func readICO(_ reader: inout ByteReader) throws(ResponseSerializationError) -> (Int, Int) {
        guard try reader.uint16(at: 4, bigEndian: false) > 0 else {
            throw malformed("The icon directory is empty.", at: 4)
        }
        let width = Int(try reader.byte(at: 6))
        let height = Int(try reader.byte(at: 7))
        return (width == 0 ? 256 : width, height == 0 ? 256 : height)
    }

    private static func readWebP(_ reader: inout ByteReader) throws(ResponseSerializationError) -> (Int, Int) {
        let chunk = try reader.slice(at: 12, count: 4)
        switch chunk {
        case Array("VP8 ".utf8):
            guard try reader.slice(at: 23, count: 3) == [0x9D, 0x01, 0x2A] else {
                throw malformed("The VP8 frame has no start code.", at: 23)
            }
            let width = Int(try reader.uint16(at: 26, bigEndian: false) & 0x3FFF)
            let height = Int(try reader.uint16(at: 28, bigEndian: false) & 0x3FFF)
            return (width, height)
        case Array("VP8L".utf8):
            guard try reader.byte(at: 20) == 0x2F else { throw malformed("The VP8L signature is missing.", at: 20) }
            let bits = try reader.uint32(at: 21, bigEndian: false)
            return (Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1)
        case Array("VP8X".utf8):
            let width = Int(try reader.uint24(at: 24)) + 1
            let height = Int(try reader.uint24(at: 27)) + 1
            return (width, height)
        default:
            throw malformed("Unknown WebP chunk.", at: 12)
        }
    }
}

/// Bounds-checked reads; running past the end is ``ResponseSerializationError/Code/truncatedImage``.
private struct ByteReader {
    let bytes: [UInt8]

    func check(_ offset: Int, _ count: Int) throws(ResponseSerializationError) {
        guard offset >= 0, count <= bytes.count, offset <= bytes.count - count else {
            throw ResponseSerializationError(
                code: .truncatedImage,
                message: "The image data ends inside its header.",
                offset: min(max(offset, 0), bytes.count)
            )
        }
    }

    func byte(at offset: Int) throws(ResponseSerializationError) -> UInt8 {
        try check(offset, 1)
        return bytes[offset]
    }

    func slice(at offset: Int, count: Int) throws(ResponseSerializationError) -> [UInt8] {
        try check(offset, count)
        return Array(bytes[offset..<offset + count])
    }

    func uint16(at offset: Int, bigEndian: Bool) throws(ResponseSerializationError) -> UInt16 {
        try check(offset, 2)
        let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
    }

    func uint24(at offset: Int) throws(ResponseSerializationError) -> UInt32 {
        try check(offset, 3)
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    }

    func uint32(at offset: Int, bigEndian: Bool) throws(ResponseSerializationError) -> UInt32 {
        try check(offset, 4)
        var value: UInt32 = 0
        for step in 0..<4 {
            value = value << 8 | UInt32(bytes[bigEndian ? offset + step : offset + 3 - step])
        }
        return value
    }
}

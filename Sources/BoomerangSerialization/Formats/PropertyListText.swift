/// Byte-level helpers shared by the text property-list readers.
enum PropertyListText {
    /// Where a text property list's content starts (past a UTF-8 byte-order mark).
    ///
    /// - Throws: ``PropertyListReadError`` `invalidText` at the first byte that is not UTF-8.
    static func contentStart(_ bytes: [UInt8]) throws(PropertyListReadError) -> Int {
        if let bad = UTF8Validation.firstInvalid(in: bytes)?.lowerBound {
            throw PropertyListReadError(code: .invalidText, value: "not UTF-8", offset: bad)
        }
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether `byte` is XML white space (space, tab, line feed, carriage return).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of an ASCII hex digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Appends the UTF-8 encoding of `scalar`.
    static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Text for an error's value: at most 32 bytes from `offset`, invalid UTF-8 replaced.
    static func excerpt(_ bytes: [UInt8], from offset: Int, upTo end: Int? = nil) -> String {
        let stop = min(end ?? bytes.count, bytes.count, offset + 32)
        guard offset < stop else { return "" }
        return String(decoding: bytes[offset..<stop], as: UTF8.self)
    }
}

extension PropertyListText {
    /// Whether `bytes` start with a UTF-16 byte-order mark (either order).
    static func hasUTF16ByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
    }

    /// UTF-16 text after its byte-order mark, as UTF-8 (mark dropped). A lone surrogate or an odd
    /// last byte is refused with its offset.
    static func utf8(fromUTF16 bytes: [UInt8]) throws(PropertyListReadError) -> [UInt8] {
        let bigEndian = bytes[0] == 0xFE
        guard bytes.count % 2 == 0 else {
            throw PropertyListReadError(code: .invalidText, value: "UTF-16 with an odd number of bytes", offset: bytes.count - 1)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 2
        func unit(_ at: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
        }
        while index < bytes.count {
            let first = unit(index)
            var value = UInt32(first)
            var width = 2
            if (0xD800...0xDBFF).contains(first), index + 3 < bytes.count, (0xDC00...0xDFFF).contains(unit(index + 2)) {
                value = 0x10000 + (UInt32(first) - 0xD800) << 10 + (UInt32(unit(index + 2)) - 0xDC00)
                width = 4
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw PropertyListReadError(code: .invalidText, value: "a lone UTF-16 surrogate", offset: index)
            }
            appendUTF8(scalar, to: &output)
            index += width
        }
        return output
    }

    /// The offset in UTF-16 input (with its 2-byte mark) of `offset` in its UTF-8 transcoding.
    static func utf16Offset(ofUTF8Offset offset: Int, in utf8: [UInt8]) -> Int {
        var units = 0
        for byte in utf8[..<min(offset, utf8.count)] where byte & 0xC0 != 0x80 {
            units += byte >= 0xF0 ? 2 : 1
        }
        return 2 + 2 * units
    }
}

/// Byte classes of the HTTP/1.1 grammar ([RFC 9110 §5.6](https://www.rfc-editor.org/rfc/rfc9110#section-5.6)),
/// as bit tables so that a check is a shift and a mask.
enum HTTPSyntax {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")

    /// `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return (0x03FF_6CFA_0000_0000 as UInt64) >> UInt64(byte) & 1 == 1
        }
        return byte < 128 && (0x57FF_FFFF_C7FF_FFFE as UInt64) >> UInt64(byte &- 64) & 1 == 1
    }

    /// A request-target byte: visible ASCII other than `#` (no space, control, DEL, NUL or 8-bit).
    @inline(__always)
    static func isTargetByte(_ byte: UInt8) -> Bool {
        byte &- 0x21 < 0x5E && byte != UInt8(ascii: "#")
    }

    /// `field-vchar / SP / HTAB`, with `obs-text` (0x80–0xFF) allowed.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == tab
    }

    /// A byte of `uri-host [":" port]`: unreserved, sub-delims, `%`, `:`, `[` and `]`.
    @inline(__always)
    static func isHostByte(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return (0x2FFF_7FF2_0000_0000 as UInt64) >> UInt64(byte) & 1 == 1
        }
        return byte < 128 && (0x47FF_FFFE_AFFF_FFFE as UInt64) >> UInt64(byte &- 64) & 1 == 1
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int64(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int64(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int64(byte &- UInt8(ascii: "A") &+ 10)
        default: nil
        }
    }

    /// Whether `bytes[range]` equals `lowercase` (an ASCII token in lower case), ignoring ASCII case.
    @inline(__always)
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        var index = 0
        for position in range {
            let byte = bytes[position]
            // Only letters change under `| 0x20` among token bytes, so this is an exact fold.
            let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            if folded != expected[index] { return false }
            index += 1
        }
        return true
    }

    /// Decodes a field value: as UTF-8 when it is valid UTF-8, otherwise byte for byte as
    /// ISO-8859-1, so that every byte survives.
    static func decodeFieldValue(_ bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        if isASCII {
            return String(decoding: bytes, as: UTF8.self)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        var text = String()
        text.unicodeScalars.reserveCapacity(bytes.count)
        for byte in bytes {
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }
}

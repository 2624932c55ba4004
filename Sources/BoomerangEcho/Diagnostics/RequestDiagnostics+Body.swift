import BoomerangSerialization

extension RequestDiagnostics {
    /// A body that does not decode in the charset its `Content-Type` names
    /// (`undecodableCharset`), or a charset Boomerang does not know (`unknownCharset`).
    package static func charset(_ charset: String?, bytes: [UInt8]) -> Diagnostic? {
        guard let charset, !bytes.isEmpty else { return nil }
        let failure: Int?
        switch charset {
        case "utf-8", "utf8":
            failure = firstInvalidUTF8(bytes)
        case "us-ascii", "ascii":
            failure = bytes.firstIndex { $0 >= 0x80 }
        case "iso-8859-1", "latin1", "iso-8859-15", "latin-1":
            failure = nil
        case "windows-1252", "cp1252":
            failure = bytes.firstIndex { [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) }
        case "utf-16", "utf-16le", "utf-16be":
            failure = firstInvalidUTF16(bytes, bigEndian: charset == "utf-16be")
        default:
            return Diagnostic("unknownCharset", .info, "the body's charset \(charset) is not one Boomerang checks")
        }
        guard let failure else { return nil }
        return Diagnostic(
            "undecodableCharset", .warning, "the body is not valid \(charset), as its Content-Type says it is", offset: failure)
    }

    /// A body that is JSON under a Content-Type that is not (`jsonWithoutJSONContentType`).
    package static func jsonWithoutJSONContentType(_ contentType: String?) -> Diagnostic {
        Diagnostic(
            "jsonWithoutJSONContentType", .warning,
            "the body is JSON but its Content-Type is \(contentType ?? "missing"); servers decode it as something else")
    }

    /// A JSON Content-Type on a body that is not JSON (`jsonContentTypeWithoutJSON`).
    package static func jsonContentTypeWithoutJSON(_ error: JSONParseError) -> Diagnostic {
        Diagnostic(
            "jsonContentTypeWithoutJSON", .warning, "the Content-Type is JSON but the body is not: \(error)", offset: error.offset)
    }

    /// Whether a body looks like a JSON object or array: its first byte after whitespace.
    package static func looksLikeJSONContainer(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func firstInvalidUTF16(_ bytes: [UInt8], bigEndian: Bool) -> Int? {
        var big = bigEndian
        var start = 0
        if bytes.count >= 2 {
            if bytes[0] == 0xFE && bytes[1] == 0xFF { big = true; start = 2 }
            if bytes[0] == 0xFF && bytes[1] == 0xFE { big = false; start = 2 }
        }
        if bytes.count % 2 != 0 { return bytes.count - 1 }
        var index = start
        var expectingLow = false
        while index < bytes.count {
            let unit = big ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
            let isHigh = (0xD800...0xDBFF).contains(unit)
            let isLow = (0xDC00...0xDFFF).contains(unit)
            if expectingLow != isLow { return index }
            expectingLow = isHigh
            index += 2
        }
        return expectingLow ? bytes.count - 2 : nil
    }
}

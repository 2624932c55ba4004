/// Reads an OpenStep (NeXT) text property list: `{ key = value; }`, `( a, b )`, `<0a1b>` data,
/// quoted strings (`"…"` or `'…'`) with C-like escapes, unquoted strings of letters, digits and
/// `_$/:.-`, and `//` and `/* */` comments. Every scalar is a string, as in Foundation.
///
/// Like Foundation, a document that is a sequence of `key = value;` (or `key;`) entries without
/// braces is a "strings file" and reads as a dictionary, and a document of nothing but white
/// space and comments is an empty dictionary.
struct OpenStepPropertyListReader {
    private let bytes: [UInt8]
    private let depthLimit: Int
    private var index = 0

    /// Reads `bytes` as a whole OpenStep property list.
    static func read(_ bytes: [UInt8], maxDepth: Int) throws(PropertyListReadError) -> StructuredValue {
        var reader = OpenStepPropertyListReader(bytes: bytes, depthLimit: min(maxDepth, PropertyListXMLReader.hardDepthLimit))
        return try reader.readDocument()
    }

    private init(bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    private mutating func readDocument() throws(PropertyListReadError) -> StructuredValue {
        index = try PropertyListText.contentStart(bytes)
        let start = index
        try skipSpace()
        guard index < bytes.count else { return .object(StructuredObject()) }
        let value = try readValue(depth: 0)
        try skipSpace()
        guard index < bytes.count else { return value }
        if case .string = value, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ";") {
            index = start
            return try readEntries(depth: 0, closing: nil)
        }
        throw PropertyListReadError(code: .trailingContent, value: PropertyListText.excerpt(bytes, from: index), offset: index)
    }

    private mutating func readValue(depth: Int) throws(PropertyListReadError) -> StructuredValue {
        guard index < bytes.count else { throw end() }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            index += 1
            return try readEntries(depth: depth, closing: UInt8(ascii: "}"))
        case UInt8(ascii: "("):
            try checkDepth(depth)
            index += 1
            return try readArray(depth: depth)
        case UInt8(ascii: "<"):
            return try readData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try readQuoted())
        default:
            guard Self.isUnquoted(byte) else { throw unexpected() }
            return .string(readUnquoted())
        }
    }

    private func checkDepth(_ depth: Int) throws(PropertyListReadError) {
        guard depth < depthLimit else { throw PropertyListReadError(code: .depthLimitExceeded, value: "", offset: index) }
    }

    /// Dictionary entries up to `closing` (or the end of input for a strings file).
    private mutating func readEntries(depth: Int, closing: UInt8?) throws(PropertyListReadError) -> StructuredValue {
        var pairs: [(key: String, value: StructuredValue)] = []
        while true {
            try skipSpace()
            if let closing {
                guard index < bytes.count else { throw end() }
                if bytes[index] == closing {
                    index += 1
                    break
                }
            } else if index == bytes.count {
                break
            }
            let byte = bytes[index]
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try readQuoted()
            } else if Self.isUnquoted(byte) {
                key = readUnquoted()
            } else {
                throw unexpected()
            }
            try skipSpace()
            guard index < bytes.count else { throw end() }
            if bytes[index] == UInt8(ascii: ";") {
                index += 1
                pairs.append((key, .string(key)))
                continue
            }
            guard bytes[index] == UInt8(ascii: "=") else { throw unexpected("expected = or ;") }
            index += 1
            try skipSpace()
            let value = try readValue(depth: depth + 1)
            try skipSpace()
            guard index < bytes.count else { throw end() }
            guard bytes[index] == UInt8(ascii: ";") else { throw unexpected("missing ; after a dictionary entry") }
            index += 1
            pairs.append((key, value))
        }
        return PropertyListReader.sortedObject(pairs)
    }

    private mutating func readArray(depth: Int) throws(PropertyListReadError) -> StructuredValue {
        var elements: [StructuredValue] = []
        try skipSpace()
        guard index < bytes.count else { throw end() }
        if bytes[index] == UInt8(ascii: ")") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try readValue(depth: depth + 1))
            try skipSpace()
            guard index < bytes.count else { throw end() }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(elements)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw unexpected("expected , or )") }
            index += 1
            try skipSpace()
            guard index < bytes.count else { throw end() }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(elements)
            }
        }
    }

    /// `<hex digits>`, white space allowed between the digits; an odd number of digits is refused.
    private mutating func readData() throws(PropertyListReadError) -> StructuredValue {
        let start = index
        index += 1
        var output: [UInt8] = []
        var pending: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ">") {
                guard pending == nil else {
                    throw PropertyListReadError(code: .invalidData, value: "an odd number of hex digits", offset: start)
                }
                return .data(output)
            }
            if PropertyListText.isWhitespace(byte) { continue }
            guard let digit = PropertyListText.hexValue(byte) else {
                throw PropertyListReadError(
                    code: .invalidData, value: "not a hex digit: " + PropertyListText.excerpt(bytes, from: index - 1, upTo: index),
                    offset: index - 1)
            }
            if let high = pending {
                output.append(high << 4 | digit)
                pending = nil
            } else {
                pending = digit
            }
        }
        throw PropertyListReadError(code: .unexpectedEnd, value: "unterminated <data>", offset: start)
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private mutating func readUnquoted() -> String {
        let start = index
        while index < bytes.count, Self.isUnquoted(bytes[index]) {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"), index > start
            {
                break
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted string with escapes: `\a \b \f \n \r \t \v`, `\U` and up to four hex digits (a
    /// surrogate pair of two such escapes makes one scalar, a lone surrogate becomes U+FFFD), `\`
    /// and up to three octal digits for an ASCII character, and `\` before any other character
    /// for that character.
    private mutating func readQuoted() throws(PropertyListReadError) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        var output: [UInt8] = []
        var pendingHigh: UInt32?
        while index < bytes.count {
            let runStart = index
            while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\\") { index += 1 }
            if index > runStart {
                flush(&pendingHigh, into: &output)
                output.append(contentsOf: bytes[runStart..<index])
            }
            guard index < bytes.count else { break }
            if bytes[index] == quote {
                index += 1
                flush(&pendingHigh, into: &output)
                return String(decoding: output, as: UTF8.self)
            }
            let escape = index
            index += 1
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "U") {
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, index < bytes.count, let digit = PropertyListText.hexValue(bytes[index]) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                    index += 1
                }
                if (0xD800...0xDBFF).contains(value) {
                    flush(&pendingHigh, into: &output)
                    pendingHigh = value
                } else if (0xDC00...0xDFFF).contains(value) {
                    if let high = pendingHigh {
                        let scalar = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        PropertyListText.appendUTF8(Unicode.Scalar(scalar)!, to: &output)
                        pendingHigh = nil
                    } else {
                        PropertyListText.appendUTF8("\u{FFFD}", to: &output)
                    }
                } else {
                    flush(&pendingHigh, into: &output)
                    PropertyListText.appendUTF8(Unicode.Scalar(value)!, to: &output)
                }
                continue
            }
            flush(&pendingHigh, into: &output)
            switch byte {
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(byte - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
                    value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                // Foundation maps octal escapes above 0x7F through the NeXTSTEP character set (and
                // those above 0xFF to NUL); nobody writes those on purpose, so they are refused.
                guard value < 0x80 else {
                    throw PropertyListReadError(
                        code: .invalidText, value: "an octal escape above \\177", offset: escape)
                }
                output.append(UInt8(value))
            default:
                output.append(byte)
            }
        }
        throw PropertyListReadError(code: .unexpectedEnd, value: "unterminated quoted string", offset: start)
    }

    private func flush(_ pendingHigh: inout UInt32?, into output: inout [UInt8]) {
        if pendingHigh != nil {
            PropertyListText.appendUTF8("\u{FFFD}", to: &output)
            pendingHigh = nil
        }
    }

    /// Skips white space and comments.
    private mutating func skipSpace() throws(PropertyListReadError) {
        while index < bytes.count {
            let byte = bytes[index]
            if PropertyListText.isWhitespace(byte) || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while true {
                    guard index + 1 < bytes.count else {
                        throw PropertyListReadError(code: .unexpectedEnd, value: "unterminated comment", offset: start)
                    }
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    index += 1
                }
            } else {
                return
            }
        }
    }

    private func end() -> PropertyListReadError {
        PropertyListReadError(code: .unexpectedEnd, value: "", offset: index)
    }

    private func unexpected(_ reason: String = "unexpected character") -> PropertyListReadError {
        let character = PropertyListText.excerpt(bytes, from: index, upTo: index + 1)
        return PropertyListReadError(code: .malformed, value: "\(reason): \(character)", offset: index)
    }
}

/// Strings: UTF-8 checked byte by byte, escapes decoded, `\u` surrogates paired.
extension JSONScanner {
    /// Parses a string whose opening quote is at `position`; leaves `position` after the closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let opening = position
        stringStart = opening
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString, at: position) }
            if byte < 0x80 {
                position += 1
            } else {
                try validateUTF8Sequence()
            }
        }
        guard position < input.count else { throw error(.unterminatedString, at: opening) }
        // Slow path: copy what was scanned, then decode escapes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position]))
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw error(.controlCharacterInString, at: position)
            } else if byte < 0x80 {
                scratch.append(byte)
                position += 1
            } else {
                let sequenceStart = position
                try validateUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[sequenceStart..<position]))
            }
        }
        throw error(.unterminatedString, at: opening)
    }

    /// Checks the multi-byte UTF-8 sequence at `position` and steps over it.
    @inline(__always)
    mutating func validateUTF8Sequence() throws(JSONParseError) {
        let sequence = UTF8Validation.sequence(in: input, at: position)
        guard sequence.isValid else { throw error(.invalidUTF8, at: position) }
        position += sequence.length
    }

    /// Decodes the escape at `position` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        guard position + 1 < input.count else { throw error(.unterminatedString, at: stringStart) }
        let kind = input[position + 1]
        position += 2
        switch kind {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate, at: escapeStart) }
                let lowStart = position
                position += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.loneSurrogate, at: escapeStart) }
                scalar = 0x1_0000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw error(.loneSurrogate, at: escapeStart)
            }
            UTF8Validation.append(scalar, to: &scratch)
        default:
            throw error(.invalidEscape, at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard position + 4 <= input.count else {
            let unterminated = !input[position...].contains(UInt8(ascii: "\""))
            throw unterminated ? error(.unterminatedString, at: stringStart) : error(.invalidEscape, at: escapeStart)
        }
        var result: UInt32 = 0
        for i in 0..<4 {
            guard let digit = Hex.value(of: input[position + i]) else {
                throw error(.invalidEscape, at: escapeStart)
            }
            result = result << 4 | UInt32(digit)
        }
        position += 4
        return result
    }
}

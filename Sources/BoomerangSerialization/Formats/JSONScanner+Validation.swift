/// Checking a document against the grammar and the limits without building it: the same rules
/// and errors as ``parseDocument()``, except that repeated keys are not looked for.
extension JSONScanner {
    mutating func validateDocument() throws(JSONParseError) {
        try beginDocument()
        // One bit per open container, set for an object; depth is bounded by the configuration.
        var objects: [Bool] = []
        parsing: while true {
            let byte = try nextByte()
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard objects.count < configuration.maxDepth else { throw error(.depthLimitExceeded, at: position) }
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if position < input.count && input[position] == closing {
                    position += 1
                } else {
                    if isObject { try skipKey() }
                    objects.append(isObject)
                    continue parsing
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
            case UInt8(ascii: "f"):
                try expectLiteral("false")
            case UInt8(ascii: "n"):
                try expectLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try parseNumber()
            default:
                throw error(.unexpectedByte, at: position)
            }
            // A value is complete: step over separators and the containers it closes.
            while let isObject = objects.last {
                if try nextByte() == UInt8(ascii: ",") {
                    position += 1
                    if isObject {
                        skipWhitespace()
                        try skipKey()
                    }
                    continue parsing
                }
                guard input[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(.unexpectedByte, at: position)
                }
                position += 1
                objects.removeLast()
            }
            break parsing
        }
        skipWhitespace()
        guard position == input.count else { throw error(.trailingData, at: position) }
    }

    /// Steps over `"key" :` (whitespace before the key already skipped).
    private mutating func skipKey() throws(JSONParseError) {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else { throw unexpected(at: position) }
        try skipString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else { throw unexpected(at: position) }
        position += 1
    }

    /// Steps over the string whose opening quote is at `position`, checking its UTF-8 and escapes.
    private mutating func skipString() throws(JSONParseError) {
        let opening = position
        stringStart = opening
        position += 1
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                scratch.removeAll(keepingCapacity: true)
                try parseEscape()
            } else if byte < 0x20 {
                throw error(.controlCharacterInString, at: position)
            } else if byte < 0x80 {
                position += 1
            } else {
                try validateUTF8Sequence()
            }
        }
        throw error(.unterminatedString, at: opening)
    }
}

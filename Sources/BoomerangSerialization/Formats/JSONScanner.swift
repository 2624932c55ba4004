/// The parser's state over one contiguous input: values and containers here, strings and
/// numbers in their own files.
struct JSONScanner {
    let input: UnsafeBufferPointer<UInt8>
    let configuration: JSONParserConfiguration
    var position = 0
    var duplicateKeys: [JSONParser.DuplicateKey] = []
    var scratch: [UInt8] = []
    /// The opening quote of the string being parsed, for ``JSONParseError/Code/unterminatedString``.
    var stringStart = 0

    init(input: UnsafeBufferPointer<UInt8>, configuration: JSONParserConfiguration) {
        self.input = input
        self.configuration = configuration
    }

    struct Frame {
        var isObject: Bool
        var array: [StructuredValue] = []
        var object = StructuredObject()
        var key = ""
        var keyOffset = 0
    }

    func error(_ code: JSONParseError.Code, at offset: Int) -> JSONParseError {
        let end = min(input.count, offset + JSONParseError.maxExcerptBytes)
        let start = min(offset, end)
        return JSONParseError(
            code: code,
            value: String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self),
            offset: offset
        )
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < input.count {
            let byte = input[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Skips white space and returns the byte after it, without stepping over it; the input may
    /// not end there.
    @inline(__always)
    mutating func nextByte() throws(JSONParseError) -> UInt8 {
        skipWhitespace()
        guard position < input.count else { throw error(.unexpectedEnd, at: position) }
        return input[position]
    }

    func unexpected(at offset: Int) -> JSONParseError {
        error(offset >= input.count ? .unexpectedEnd : .unexpectedByte, at: offset)
    }

    /// Checks the size, then steps over a byte order mark the configuration allows.
    mutating func beginDocument() throws(JSONParseError) {
        guard input.count <= configuration.maxInputBytes else {
            throw JSONParseError(code: .inputTooLarge, value: "", offset: configuration.maxInputBytes)
        }
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            guard configuration.byteOrderMark == .skip else { throw error(.byteOrderMark, at: 0) }
            position = 3
        }
    }

    mutating func parseDocument() throws(JSONParseError) -> StructuredValue {
        try beginDocument()
        var stack: [Frame] = []
        var value: StructuredValue
        parsing: while true {
            // Expecting a value.
            let byte = try nextByte()
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < configuration.maxDepth else {
                    throw error(.depthLimitExceeded, at: position)
                }
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if isObject {
                    if position < input.count && input[position] == UInt8(ascii: "}") {
                        position += 1
                        value = .object(StructuredObject())
                    } else {
                        var frame = Frame(isObject: true)
                        try parseKey(into: &frame)
                        stack.append(frame)
                        continue parsing
                    }
                } else {
                    if position < input.count && input[position] == UInt8(ascii: "]") {
                        position += 1
                        value = .array([])
                    } else {
                        stack.append(Frame(isObject: false))
                        continue parsing
                    }
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            default:
                throw error(.unexpectedByte, at: position)
            }
            // A value is complete: hand it to the enclosing container, closing containers as needed.
            while true {
                guard !stack.isEmpty else { break parsing }
                let top = stack.count - 1
                if stack[top].isObject {
                    try insert(value, into: &stack[top])
                    if try nextByte() == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        try parseKey(into: &stack[top])
                        continue parsing
                    }
                    guard input[position] == UInt8(ascii: "}") else { throw error(.unexpectedByte, at: position) }
                    position += 1
                    value = .object(stack.removeLast().object)
                } else {
                    stack[top].array.append(value)
                    if try nextByte() == UInt8(ascii: ",") {
                        position += 1
                        continue parsing
                    }
                    guard input[position] == UInt8(ascii: "]") else { throw error(.unexpectedByte, at: position) }
                    position += 1
                    value = .array(stack.removeLast().array)
                }
            }
        }
        skipWhitespace()
        guard position == input.count else { throw error(.trailingData, at: position) }
        return value
    }

    /// Parses `"key" :` at the current position (whitespace before the key already skipped).
    mutating func parseKey(into frame: inout Frame) throws(JSONParseError) {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else {
            throw unexpected(at: position)
        }
        frame.keyOffset = position
        frame.key = try parseString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw unexpected(at: position)
        }
        position += 1
    }

    mutating func insert(_ value: StructuredValue, into frame: inout Frame) throws(JSONParseError) {
        guard let existing = frame.object.position(of: frame.key) else {
            frame.object.appendUnchecked(value, forKey: frame.key)
            return
        }
        switch configuration.duplicateKeys {
        case .reject:
            throw JSONParseError(code: .duplicateKey, value: frame.key, offset: frame.keyOffset)
        case .lastWins:
            frame.object.replaceValue(at: existing, with: value)
        case .firstWins:
            break
        }
        duplicateKeys.append(JSONParser.DuplicateKey(key: frame.key, offset: frame.keyOffset))
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for i in 0..<count {
            guard position + i < input.count else { throw error(.unexpectedEnd, at: position + i) }
            guard input[position + i] == bytes[i] else { throw error(.unexpectedByte, at: position + i) }
        }
        position += count
    }
}

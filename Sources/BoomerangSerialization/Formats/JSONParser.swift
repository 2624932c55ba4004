/// A strict JSON parser ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)) from UTF-8 bytes to
/// ``StructuredValue``, without Foundation.
///
/// - Any value may be the top level; whitespace is space, tab, LF and CR only.
/// - Integers without fraction or exponent that fit `Int64` become ``StructuredValue/int(_:)``;
///   other numbers become ``StructuredValue/double(_:)`` (so integers beyond `Int64` lose
///   precision, as with Foundation); a magnitude beyond `Double` is ``JSONParseError/Code/numberOutOfRange``.
/// - Strings must be well-formed UTF-8; `\u` escapes must pair surrogates.
/// - Duplicate keys follow ``Configuration/duplicateKeys``: by default the last value wins and keeps
///   the first key's position (Foundation keeps the last value too), and
///   ``parseDocument(_:)`` lists every repeat so a view can flag it.
/// - A leading UTF-8 byte order mark is rejected unless ``Configuration/byteOrderMark`` says `.skip`.
/// - Iterative (no recursion), one pass, linear in the input; every limit is in ``Configuration``.
///
/// ```swift
/// let value = try JSONParser().parse(Array(#"{"a":[1,2.5,"x"]}"#.utf8))
/// ```
public struct JSONParser: Sendable {
    /// What to do with a key repeated in one object.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Keep the last value, at the first key's position.
        case lastWins
        /// Keep the first value.
        case firstWins
        /// Throw ``JSONParseError/Code/duplicateKey``.
        case reject
    }

    /// What to do with a leading UTF-8 byte order mark (`EF BB BF`).
    public enum ByteOrderMarkPolicy: Sendable, Hashable {
        /// Throw ``JSONParseError/Code/byteOrderMark`` (RFC 8259 §8.1: senders must not add one).
        case reject
        /// Skip it; offsets in errors still count it.
        case skip
    }

    /// Parser limits and policies.
    public struct Configuration: Sendable, Hashable {
        /// The deepest nesting of arrays and objects. Default 64.
        public var maximumDepth: Int
        /// The longest input in bytes. Default 10 MiB (the server's default body limit).
        public var maximumInputSize: Int
        /// The longest number literal in bytes. Default 1,000.
        public var maximumNumberLength: Int
        /// Duplicate keys. Default `.lastWins`.
        public var duplicateKeys: DuplicateKeyPolicy
        /// A leading byte order mark. Default `.reject`.
        public var byteOrderMark: ByteOrderMarkPolicy

        /// Creates a configuration with the documented defaults.
        public init(
            maximumDepth: Int = 64,
            maximumInputSize: Int = 10 * 1024 * 1024,
            maximumNumberLength: Int = 1000,
            duplicateKeys: DuplicateKeyPolicy = .lastWins,
            byteOrderMark: ByteOrderMarkPolicy = .reject
        ) {
            self.maximumDepth = maximumDepth
            self.maximumInputSize = maximumInputSize
            self.maximumNumberLength = maximumNumberLength
            self.duplicateKeys = duplicateKeys
            self.byteOrderMark = byteOrderMark
        }
    }

    /// A key that appeared more than once in one object.
    public struct DuplicateKey: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The byte offset of the repeated key's opening quote.
        public var offset: Int

        /// Creates a record.
        public init(key: String, offset: Int) {
            self.key = key
            self.offset = offset
        }
    }

    /// A parsed document and what the parser noticed on the way.
    public struct Document: Sendable, Hashable {
        /// The value.
        public var value: StructuredValue
        /// Every repeated key, in input order (empty for most documents).
        public var duplicateKeys: [DuplicateKey]

        /// Creates a document.
        public init(value: StructuredValue, duplicateKeys: [DuplicateKey] = []) {
            self.value = value
            self.duplicateKeys = duplicateKeys
        }
    }

    /// The limits and policies.
    public var configuration: Configuration

    /// Creates a parser.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Parses one JSON document.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset of the first problem.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> StructuredValue {
        try parseDocument(bytes).value
    }

    /// Parses one JSON document and reports repeated keys.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset of the first problem.
    public func parseDocument(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> Document {
        let result: Result<Document, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            parseBuffer(buffer)
        }
        if let result {
            return try result.get()
        }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { parseBuffer($0) }.get()
    }

    private func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<Document, JSONParseError> {
        var scanner = JSONScanner(input: buffer, configuration: configuration)
        do {
            let value = try scanner.parseDocument()
            return .success(Document(value: value, duplicateKeys: scanner.duplicateKeys))
        } catch {
            return .failure(error)
        }
    }
}

/// The parser's state over one contiguous input.
private struct JSONScanner {
    let input: UnsafeBufferPointer<UInt8>
    let configuration: JSONParser.Configuration
    var position = 0
    var duplicateKeys: [JSONParser.DuplicateKey] = []
    var scratch: [UInt8] = []
    /// The opening quote of the string being parsed, for ``JSONParseError/Code/unterminatedString``.
    var stringStart = 0

    init(input: UnsafeBufferPointer<UInt8>, configuration: JSONParser.Configuration) {
        self.input = input
        self.configuration = configuration
    }

    private struct Frame {
        var isObject: Bool
        var array: [StructuredValue] = []
        var object = StructuredObject()
        var key = ""
        var keyOffset = 0
    }

    func error(_ code: JSONParseError.Code, at offset: Int) -> JSONParseError {
        let end = min(input.count, offset + JSONParseError.excerptLength)
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

    func unexpected(at offset: Int) -> JSONParseError {
        error(offset >= input.count ? .unexpectedEnd : .unexpectedByte, at: offset)
    }

    mutating func parseDocument() throws(JSONParseError) -> StructuredValue {
        guard input.count <= configuration.maximumInputSize else {
            throw JSONParseError(code: .inputTooLarge, value: "", offset: configuration.maximumInputSize)
        }
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            guard configuration.byteOrderMark == .skip else { throw error(.byteOrderMark, at: 0) }
            position = 3
        }
        var stack: [Frame] = []
        var value: StructuredValue
        parsing: while true {
            // Expecting a value.
            skipWhitespace()
            guard position < input.count else { throw error(.unexpectedEnd, at: position) }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < configuration.maximumDepth else {
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
                    skipWhitespace()
                    guard position < input.count else { throw error(.unexpectedEnd, at: position) }
                    if input[position] == UInt8(ascii: ",") {
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
                    skipWhitespace()
                    guard position < input.count else { throw error(.unexpectedEnd, at: position) }
                    if input[position] == UInt8(ascii: ",") {
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
    private mutating func parseKey(into frame: inout Frame) throws(JSONParseError) {
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

    private mutating func insert(_ value: StructuredValue, into frame: inout Frame) throws(JSONParseError) {
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

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for i in 0..<count {
            guard position + i < input.count else { throw error(.unexpectedEnd, at: position + i) }
            guard input[position + i] == bytes[i] else { throw error(.unexpectedByte, at: position + i) }
        }
        position += count
    }

    // MARK: Strings

    /// Parses a string whose opening quote is at `position`; leaves `position` after the closing quote.
    private mutating func parseString() throws(JSONParseError) -> String {
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
    private mutating func validateUTF8Sequence() throws(JSONParseError) {
        let sequence = UTF8Validation.sequence(in: input, at: position)
        guard sequence.isValid else { throw error(.invalidUTF8, at: position) }
        position += sequence.length
    }

    /// Decodes the escape at `position` (a backslash) into `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
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

    private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard position + 4 <= input.count else {
            let unterminated = !input[position...].contains(UInt8(ascii: "\""))
            throw unterminated ? error(.unterminatedString, at: stringStart) : error(.invalidEscape, at: escapeStart)
        }
        var result: UInt32 = 0
        for i in 0..<4 {
            let byte = input[position + i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, at: escapeStart)
            }
            result = result << 4 | UInt32(digit)
        }
        position += 4
        return result
    }

    // MARK: Numbers

    @inline(__always)
    private func isDigit(_ offset: Int) -> Bool {
        offset < input.count && input[offset] >= UInt8(ascii: "0") && input[offset] <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws(JSONParseError) -> StructuredValue {
        let start = position
        var cursor = position
        let negative = input[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
        if input[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if isDigit(cursor) { throw error(.invalidNumber, at: start) }
        } else {
            while isDigit(cursor) { cursor += 1 }
        }
        let integerEnd = cursor
        var isInteger = true
        if cursor < input.count && input[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
            while isDigit(cursor) { cursor += 1 }
        }
        if cursor < input.count && (input[cursor] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            if cursor < input.count && (input[cursor] == UInt8(ascii: "+") || input[cursor] == UInt8(ascii: "-")) {
                cursor += 1
            }
            guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
            while isDigit(cursor) { cursor += 1 }
        }
        guard cursor - start <= configuration.maximumNumberLength else {
            throw error(.numberTooLong, at: start)
        }
        position = cursor
        if isInteger {
            // Accumulate as a negative number so that Int64.min fits.
            var accumulator: Int64 = 0
            var overflow = false
            var digit = negative ? start + 1 : start
            while digit < integerEnd {
                let (shifted, o1) = accumulator.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.subtractingReportingOverflow(Int64(input[digit] - UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                accumulator = next
                digit += 1
            }
            if !overflow {
                if negative { return .int(accumulator) }
                if accumulator != Int64.min { return .int(-accumulator) }
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error(.numberOutOfRange, at: start)
        }
        return .double(number)
    }
}

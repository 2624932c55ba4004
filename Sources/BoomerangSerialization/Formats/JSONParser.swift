/// A strict JSON parser ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)) from UTF-8 bytes to
/// ``StructuredValue``, without Foundation.
///
/// - Any value may be the top level; whitespace is space, tab, LF and CR only.
/// - Integers without fraction or exponent that fit `Int64` become ``StructuredValue/int(_:)``;
///   other numbers become ``StructuredValue/double(_:)`` (so integers beyond `Int64` lose
///   precision, as with Foundation); a magnitude beyond `Double` is ``JSONParseError/Code/numberOutOfRange``.
/// - Strings must be well-formed UTF-8; `\u` escapes must pair surrogates.
/// - Duplicate keys follow ``JSONParserConfiguration/duplicateKeys``: by default the last value wins and keeps
///   the first key's position (Foundation keeps the last value too), and
///   ``parseDocument(_:)`` lists every repeat so a view can flag it.
/// - A leading UTF-8 byte order mark is rejected unless ``JSONParserConfiguration/byteOrderMark`` says `.skip`.
/// - Iterative (no recursion), one pass, linear in the input; every limit is in ``JSONParserConfiguration``.
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
    public var configuration: JSONParserConfiguration

    /// Creates a parser.
    public init(configuration: JSONParserConfiguration = JSONParserConfiguration()) {
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

    /// Checks that `bytes` are one JSON document within the limits, without building its value:
    /// memory stays within the depth whatever the size. Repeated keys are not looked for.
    ///
    /// - Throws: the ``JSONParseError`` that ``parse(_:)`` would throw.
    public func validate(_ bytes: some Collection<UInt8>) throws(JSONParseError) {
        let result: Result<Void, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            validateBuffer(buffer)
        }
        if let result {
            return try result.get()
        }
        let copy = Array(bytes)
        try copy.withUnsafeBufferPointer { validateBuffer($0) }.get()
    }

    private func validateBuffer(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<Void, JSONParseError> {
        var scanner = JSONScanner(input: buffer, configuration: configuration)
        do {
            try scanner.validateDocument()
            return .success(())
        } catch {
            return .failure(error)
        }
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

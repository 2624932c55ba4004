/// A failure to decode a query string or urlencoded body.
///
/// Carries what went wrong, the offending text (at most 64 bytes of it) and the byte offset in
/// the input where it starts.
public struct QueryStringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; an open set.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// More pairs than ``QueryStringDecoder/Limits/maxPairs``; the value is the first pair
        /// over the limit.
        public static let tooManyPairs = Code(rawValue: "tooManyPairs")
        /// A raw (still escaped) key longer than ``QueryStringDecoder/Limits/maxKeyBytes``; the
        /// value is the key's start.
        public static let keyTooLong = Code(rawValue: "keyTooLong")
        /// A `%` not followed by two hex digits, in strict mode.
        public static let malformedEscape = Code(rawValue: "malformedEscape")
        /// A decoded name or value that is not UTF-8, in strict mode.
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")
    }

    /// What went wrong.
    public var code: Code
    /// The offending text, cut to 64 bytes.
    public var value: String
    /// The byte offset in the whole input where the offending text starts.
    public var offset: Int

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// A one-line summary: code, offending value and offset.
    public var description: String {
        "\(code) \"\(value)\" at byte \(offset)"
    }
}

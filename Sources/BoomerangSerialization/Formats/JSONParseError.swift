/// An error from ``JSONParser``: what went wrong, where, and the text found there.
public struct JSONParseError: PositionedError, Hashable {
    /// What went wrong. Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// A byte that cannot start or continue the document here.
        public static let unexpectedByte = Code("unexpectedByte")
        /// The input ended before the document did (empty input included).
        public static let unexpectedEnd = Code("unexpectedEnd")
        /// A string has no closing quote; the offset is the opening quote.
        public static let unterminatedString = Code("unterminatedString")
        /// An unescaped control character (U+0000–U+001F) inside a string.
        public static let controlCharacterInString = Code("controlCharacterInString")
        /// A backslash not followed by `"` `\` `/` `b` `f` `n` `r` `t` or `u` and four hex digits.
        public static let invalidEscape = Code("invalidEscape")
        /// A `\uD800`–`\uDFFF` escape not part of a high-low surrogate pair.
        public static let loneSurrogate = Code("loneSurrogate")
        /// Bytes inside a string that are not well-formed UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// A number that does not follow the grammar (`01`, `1.`, `-`, `1e`).
        public static let invalidNumber = Code("invalidNumber")
        /// A number whose magnitude is too large for a double (`1e999`).
        public static let numberOutOfRange = Code("numberOutOfRange")
        /// A number literal longer than ``JSONParserConfiguration/maxNumberBytes``.
        public static let numberTooLong = Code("numberTooLong")
        /// Something other than whitespace after the document.
        public static let trailingData = Code("trailingData")
        /// Arrays and objects nested deeper than ``JSONParserConfiguration/maxDepth``.
        public static let depthLimitExceeded = Code("depthLimitExceeded")
        /// The input is longer than ``JSONParserConfiguration/maxInputBytes``.
        public static let inputTooLarge = Code("inputTooLarge")
        /// The input starts with a UTF-8 byte order mark and the configuration rejects it.
        public static let byteOrderMark = Code("byteOrderMark")
        /// A key repeated in one object while the configuration rejects duplicates.
        public static let duplicateKey = Code("duplicateKey")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// The input from ``offset`` on, at most ``JSONParseError/maxExcerptBytes`` bytes, decoded
    /// leniently (ill-formed UTF-8 becomes U+FFFD); for ``Code/duplicateKey`` the key.
    public var value: String
    /// The byte offset in the input where the problem is.
    public var offset: Int

    /// The longest excerpt kept in ``value``.
    public static let maxExcerptBytes = 16

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// `JSON`, for ``description``: `JSON invalidNumber at byte 1: "01]"`.
    public static var subject: String { "JSON" }
}

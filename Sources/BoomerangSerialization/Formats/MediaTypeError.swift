/// An error from ``MediaType/init(parsing:)``.
public struct MediaTypeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The type is missing or holds a byte that is not a token character.
        public static let invalidType = Code("invalidType")
        /// There is no `/` after the type.
        public static let missingSlash = Code("missingSlash")
        /// The subtype is missing or holds a byte that is not a token character.
        public static let invalidSubtype = Code("invalidSubtype")
        /// A parameter name is missing or invalid, or has no `=`.
        public static let invalidParameterName = Code("invalidParameterName")
        /// A parameter value is missing or holds a byte that is not a token character.
        public static let invalidParameterValue = Code("invalidParameterValue")
        /// A quoted parameter value has no closing quote, or holds a control character.
        public static let invalidQuotedString = Code("invalidQuotedString")
        /// Something other than `;` follows a complete type or parameter.
        public static let unexpectedByte = Code("unexpectedByte")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// The whole text that was parsed.
    public var value: String
    /// The byte offset of the problem in ``value``.
    public var offset: Int

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// A one-line description.
    public var description: String {
        "media type \(code) at byte \(offset) in \"\(value)\""
    }
}

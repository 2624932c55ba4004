/// An error from ``MediaType/init(parsing:)``: the code, the whole text that was parsed, and the
/// byte offset of the problem in it.
public typealias MediaTypeError = TextParseError<MediaTypeErrorDomain>

/// The domain of ``MediaTypeError``.
public enum MediaTypeErrorDomain: TextParseErrorDomain {
    /// `media type`.
    public static var subject: String { "media type" }
}

extension TextParseError.Code where Domain == MediaTypeErrorDomain {
    /// The type is missing or holds a byte that is not a token character.
    public static var invalidType: Self { Self(rawValue: "invalidType") }
    /// There is no `/` after the type.
    public static var missingSlash: Self { Self(rawValue: "missingSlash") }
    /// The subtype is missing or holds a byte that is not a token character.
    public static var invalidSubtype: Self { Self(rawValue: "invalidSubtype") }
    /// A parameter name is missing or invalid, or has no `=`.
    public static var invalidParameterName: Self { Self(rawValue: "invalidParameterName") }
    /// A parameter value is missing or holds a byte that is not a token character.
    public static var invalidParameterValue: Self { Self(rawValue: "invalidParameterValue") }
    /// A quoted parameter value has no closing quote, or holds a control character.
    public static var invalidQuotedString: Self { Self(rawValue: "invalidQuotedString") }
    /// Something other than `;` follows a complete type or parameter.
    public static var unexpectedByte: Self { Self(rawValue: "unexpectedByte") }
}

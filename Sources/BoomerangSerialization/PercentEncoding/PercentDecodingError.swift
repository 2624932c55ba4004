/// A failure to percent-decode text: the code, the offending text and the byte offset in the
/// input where it starts, so that a caller can point at it (`%G1` at offset 4).
///
/// The value is the malformed escape as written (`%G1`, `%1`, `%`), or the invalid UTF-8
/// sequence with every byte as `%XX`.
public typealias PercentDecodingError = TextParseError<PercentDecodingErrorDomain>

/// The domain of ``PercentDecodingError``.
public enum PercentDecodingErrorDomain: TextParseErrorDomain {
    /// `percent encoding`.
    public static var subject: String { "percent encoding" }
}

extension TextParseError.Code where Domain == PercentDecodingErrorDomain {
    /// A `%` not followed by two hex digits: `%G1`, `%1` at the end, a lone `%` at the end.
    public static var malformedEscape: Self { Self(rawValue: "malformedEscape") }
    /// The decoded bytes are not valid UTF-8 where text was asked for.
    public static var invalidUTF8: Self { Self(rawValue: "invalidUTF8") }
}

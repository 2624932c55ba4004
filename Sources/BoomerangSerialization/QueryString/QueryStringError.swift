/// A failure to decode a query string or urlencoded body: the code, the offending text (at most
/// 64 bytes of it) and the byte offset in the whole input where it starts.
public typealias QueryStringError = TextParseError<QueryStringErrorDomain>

/// The domain of ``QueryStringError``.
public enum QueryStringErrorDomain: TextParseErrorDomain {
    /// `query string`.
    public static var subject: String { "query string" }
}

extension TextParseError.Code where Domain == QueryStringErrorDomain {
    /// More pairs than ``QueryStringDecoderConfiguration/maxPairCount``; the value is the first
    /// pair over the limit.
    public static var tooManyPairs: Self { Self(rawValue: "tooManyPairs") }
    /// A raw (still escaped) key longer than ``QueryStringDecoderConfiguration/maxKeyBytes``; the
    /// value is the key's start.
    public static var keyTooLong: Self { Self(rawValue: "keyTooLong") }
    /// A `%` not followed by two hex digits, in strict mode.
    public static var malformedEscape: Self { Self(rawValue: "malformedEscape") }
    /// A decoded name or value that is not UTF-8, in strict mode.
    public static var invalidUTF8: Self { Self(rawValue: "invalidUTF8") }
}

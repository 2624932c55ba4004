/// Why ``ParameterScanner`` refused a parameter list, and where. The parsers that use the
/// scanner turn it into their own error type, which carries the offending text.
struct ParameterSyntaxError: Error, Sendable, Hashable {
    /// What went wrong.
    enum Code: Sendable, Hashable {
        /// A name is missing, is not a token, or is not followed by `=`.
        case invalidName
        /// An unquoted value is missing (and empty values are not allowed) or is not a token.
        case invalidValue
        /// A quoted value holds a byte its rule does not allow.
        case invalidQuotedString
        /// A quoted value has no closing quote.
        case unterminatedQuotedString
        /// Something other than `;` follows a complete parameter.
        case unexpectedByte
        /// A name appears again under ``ParameterScannerConfiguration/DuplicateNames/reject``.
        case duplicateName
    }

    /// What went wrong.
    var code: Code
    /// The byte offset of the problem: the offending byte, the opening quote of an unclosed
    /// string, or the start of a repeated name.
    var offset: Int
}

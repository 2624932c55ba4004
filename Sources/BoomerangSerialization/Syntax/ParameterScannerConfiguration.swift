/// How ``ParameterScanner`` reads the `; name=value` parameters that follow a field's leading
/// value ([RFC 9110 §5.6.6](https://www.rfc-editor.org/rfc/rfc9110#section-5.6.6)).
///
/// ```
/// parameters      = *( OWS ";" OWS [ parameter ] )
/// parameter       = parameter-name "=" parameter-value
/// parameter-name  = token
/// parameter-value = ( token / quoted-string )
/// ```
///
/// The default is that grammar, strictly. Every departure from it is a named option that is off
/// by default, so that each parser that needs one says so where it is built: the media-type
/// parser is strict; the multipart boundary, `Content-Disposition` and Foundation's
/// `Content-Type` split each turn on the leniencies real senders need.
struct ParameterScannerConfiguration: Sendable, Hashable {
    /// How a value that starts with `"` is read.
    enum QuotedStrings: Sendable, Hashable {
        /// RFC 9110 `quoted-string`: `\` escapes the next byte; escaped and plain bytes must be
        /// HTAB, SP, visible ASCII or obs-text; a string without its closing quote is an error.
        case strict
        /// As ``strict``, but any byte may appear or be escaped. An unclosed string is still an
        /// error.
        case anyByte
        /// No escapes, as AFNetworking writes names: the value runs to the next `"` and a
        /// backslash is an ordinary byte (a Windows path `C:\x` survives); an unclosed value
        /// takes the rest of the input.
        case verbatim
        /// Quotes are ordinary bytes, as Foundation's `HTTPURLResponse` reads `Content-Type`: a
        /// `;` between quotes still ends the parameter, and a value wrapped in one pair of quotes
        /// loses them.
        case unrecognized
    }

    /// What to do when a name appears twice (names compared case-insensitively).
    enum DuplicateNames: Sendable, Hashable {
        /// Fail with ``ParameterSyntaxError/Code/duplicateName``.
        case reject
        /// Keep every occurrence, in order.
        case keepAll
        /// Keep the first occurrence only.
        case firstWins
    }

    /// How quoted values are read. Default ``QuotedStrings/strict``.
    var quotedStrings = QuotedStrings.strict
    /// Keep names as written. Default `false`: names are lower-cased, as they compare
    /// case-insensitively.
    var preservesNameCase = false
    /// Repeated names. Default ``DuplicateNames/reject``.
    var duplicateNames = DuplicateNames.reject
    /// Accept an empty unquoted value (`name=`). Default `false`: it is
    /// ``ParameterSyntaxError/Code/invalidValue``. A quoted empty value (`name=""`) is always valid.
    var allowsEmptyValues = false
    /// Accept spaces and tabs before and after `=`. Default `false`.
    var allowsWhitespaceAroundEquals = false
    /// Read malformed parameters instead of failing: a name or an unquoted value runs to the next
    /// `=` or `;` whatever its bytes (with spaces and tabs at its ends dropped), a parameter
    /// without `=` or without a name is skipped, and bytes between a closing quote and the next
    /// `;` are ignored. Default `false`: names and unquoted values are tokens, and anything else
    /// is an error.
    var skipsMalformedParameters = false

    /// The strict grammar.
    static let strict = ParameterScannerConfiguration()
}

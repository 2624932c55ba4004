/// The `name=value` pairs of a `Cookie` field, or of the first part of a `Set-Cookie` field
/// ([RFC 6265 §5.2](https://www.rfc-editor.org/rfc/rfc6265#section-5.2),
/// [§5.4](https://www.rfc-editor.org/rfc/rfc6265#section-5.4)): the one splitter of cookie lists.
///
/// ```swift
/// CookieHeader.pairs(in: "a=1; b = two")   // [("a", "1"), ("b", "two")]
/// ```
public enum CookieHeader {
    /// The pairs separated by `;`, in order: each split at its first `=`, name and value without
    /// the spaces and tabs around them, as sent otherwise (quotes kept, repeated names kept).
    /// A piece without `=` is skipped; an empty name is kept, for the caller to judge.
    public static func pairs(in field: some StringProtocol) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for piece in String(field).utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = HTTPSyntax.trimmingWhitespace(piece[..<equals])
            let value = HTTPSyntax.trimmingWhitespace(piece[piece.index(after: equals)...])
            pairs.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        return pairs
    }

    /// The pair a `Set-Cookie` field sets: what comes before its first `;`, its attributes dropped.
    public static func setCookiePair(in field: some StringProtocol) -> (name: String, value: String)? {
        guard let first = field.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        return pairs(in: first).first
    }
}

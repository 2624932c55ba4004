extension StringProtocol {
    /// The text without the spaces and horizontal tabs at either end (RFC 9110's OWS), as a
    /// header value or a control's value is read.
    public func trimmingSpaces() -> String {
        String(decoding: HTTPSyntax.trimmingWhitespace(String(self).utf8), as: UTF8.self)
    }
}

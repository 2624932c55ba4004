import BoomerangExchange

/// One `Set-Cookie` value ([RFC 6265 §4.1](https://www.rfc-editor.org/rfc/rfc6265#section-4.1)).
///
/// The name must be a token. A value with a control character is refused; a value with other
/// bytes a cookie cannot hold (space, `"`, `,`, `;`, `\`, non-ASCII) is sent quoted with those
/// bytes as `\ooo` octal escapes, as Werkzeug writes it, so that nothing can end the value early.
struct SetCookie {
    var name: String
    var value: String
    var path: String? = "/"
    var domain: String?
    var expires: String?
    var maxAge: Int?
    var secure = false
    var httpOnly = false
    var sameSite: String?

    /// - Throws: ``ServerError/Code/invalidCookie`` for a name that is not a token, or a name or
    ///   value with a control character.
    init(name: String, value: String) throws(ServerError) {
        guard !name.isEmpty, name.allSatisfy(AuthorizationHeader.isTokenCharacter) else {
            throw ServerError(.invalidCookie, "a cookie name must be a token (letters, digits, !#$%&'*+-.^_`|~)", value: name)
        }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ServerError(.invalidCookie, "the value of cookie \(name) has a control character", value: value)
        }
        self.name = name
        self.value = value
    }

    /// An attribute value (`Path`, `Domain`): no control characters and no `;`.
    static func checkAttribute(_ name: String, _ value: String) throws(ServerError) {
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F || $0 == ";" }) else {
            throw ServerError(.invalidCookie, "cookie attribute \(name) must be visible ASCII without ;", value: value)
        }
    }

    /// The header value.
    var headerValue: String {
        var text = name + "=" + Self.quoted(value)
        if let expires { text += "; Expires=" + expires }
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if let domain { text += "; Domain=" + domain }
        if let path { text += "; Path=" + path }
        if secure { text += "; Secure" }
        if httpOnly { text += "; HttpOnly" }
        if let sameSite { text += "; SameSite=" + sameSite }
        return text
    }

    static func quoted(_ value: String) -> String {
        let bytes = Array(value.utf8)
        guard bytes.contains(where: { !isCookieOctet($0) }) else { return value }
        var out = "\""
        for byte in bytes {
            if isCookieOctet(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                let digits = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
        }
        return out + "\""
    }

    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte) || (0x3C...0x5B).contains(byte)
            || (0x5D...0x7E).contains(byte)
    }
}

extension ServerError.Code {
    /// A cookie name, value or attribute a `Set-Cookie` field cannot carry.
    public static let invalidCookie = Self("invalidCookie", status: 400)
}

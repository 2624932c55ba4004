import BoomerangSerialization
import BoomerangExchange

/// One `Set-Cookie` value ([RFC 6265 §4.1](https://www.rfc-editor.org/rfc/rfc6265#section-4.1)).
///
/// The name must be a token. The value must be a `cookie-value` of RFC 6265 §4.1.1 and is sent
/// as it is: cookie-octets (visible ASCII but space, `"`, `,`, `;` and `\`), alone or between
/// double quotes, which are then part of the value (`foo="bar:baz"`, as httpbin sends it). Any
/// other value is refused: the RFC has no escape a client would undo, so an encoded value would
/// reach the client changed.
package struct SetCookie {
    package var name: String
    package var value: String
    package var path: String? = "/"
    package var domain: String?
    package var expires: String?
    package var maxAge: Int?
    package var secure = false
    package var httpOnly = false
    package var sameSite: String?

    /// - Throws: ``ServerError/Code/invalidCookie`` for a name that is not a token, or a value that
    ///   is not a `cookie-value`.
    package init(name: String, value: String) throws(ServerError) {
        guard !name.isEmpty, name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw ServerError(.invalidCookie, "a cookie name must be a token (letters, digits, !#$%&'*+-.^_`|~)", value: name)
        }
        if let offset = Self.invalidValueOffset(Array(value.utf8)) {
            let byte = Array(value.utf8)[offset]
            throw ServerError(
                .invalidCookie,
                "the value of cookie \(name) has \(Self.describe(byte)) at byte \(offset): a cookie value is visible ASCII but "
                    + "space, \" , ; and \\, optionally between double quotes (RFC 6265 §4.1.1); percent-encode the value to send "
                    + "it encoded",
                value: value)
        }
        self.name = name
        self.value = value
    }

    /// Where `value` stops being a `cookie-value` (`*cookie-octet` or the same between double
    /// quotes), or `nil` when it is one.
    package static func invalidValueOffset(_ value: [UInt8]) -> Int? {
        var octets = value.indices
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            octets = 1..<(value.count - 1)
        }
        return octets.first { !isCookieOctet(value[$0]) }
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): "a space"
        case 0x21..<0x7F: "\"\(Character(Unicode.Scalar(byte)))\""
        default: "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }

    /// An attribute value (`Path`, `Domain`): no control characters and no `;`.
    package static func checkAttribute(_ name: String, _ value: String) throws(ServerError) {
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F || $0 == ";" }) else {
            throw ServerError(.invalidCookie, "cookie attribute \(name) must be visible ASCII without ;", value: value)
        }
    }

    /// The header value.
    package var headerValue: String {
        var text = name + "=" + value
        if let expires { text += "; Expires=" + expires }
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if let domain { text += "; Domain=" + domain }
        if let path { text += "; Path=" + path }
        if secure { text += "; Secure" }
        if httpOnly { text += "; HttpOnly" }
        if let sameSite { text += "; SameSite=" + sameSite }
        return text
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

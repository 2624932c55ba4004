import BoomerangSerialization

/// Why ``WebSocketHandshake/init(validating:)`` refused an opening handshake, and the response
/// to answer with instead of 101 ([RFC 6455 §4.2.1](https://www.rfc-editor.org/rfc/rfc6455#section-4.2.1),
/// §4.2.2).
public struct WebSocketHandshakeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The codes of this error (below, in the extension of ``RefusalCode``).
    public typealias Code = RefusalCode<WebSocketHandshakeError>

    /// What went wrong.
    public var code: Code
    /// The offending field as `Name: value` (value escaped as ``HTTPParseError/excerpt(_:)`` does),
    /// or the offending method or version.
    public var value: String
    /// Header fields the refusal must carry (`Allow`, `Upgrade`, `Sec-WebSocket-Version`).
    public var headers: HTTPHeaders

    /// The HTTP status code to answer with.
    public var status: Int { code.status }

    /// Creates an error.
    public init(code: Code, value: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.code = code
        self.value = value
        self.headers = headers
    }

    /// The code, status and value, for logs.
    public var description: String {
        "WebSocket handshake: \(code.name) (\(code.status)): \"\(value)\""
    }
}

extension RefusalCode where Domain == WebSocketHandshakeError {
    /// A method other than GET; answer with `Allow: GET`.
    public static let invalidMethod = Self("invalidMethod", 405)
    /// HTTP/1.0, which has no upgrade mechanism.
    public static let unsupportedHTTPVersion = Self("unsupportedHTTPVersion", 400)
    /// No Host field.
    public static let missingHost = Self("missingHost", 400)
    /// A request body (Content-Length above 0 or Transfer-Encoding), whose bytes would be
    /// taken for frames.
    public static let bodyNotAllowed = Self("bodyNotAllowed", 400)
    /// No Upgrade field listing `websocket`; answer with `Upgrade: websocket` (RFC 9110 §15.5.22).
    public static let missingUpgrade = Self("missingUpgrade", 426)
    /// Over HTTP/2: the request is not an extended CONNECT with `:protocol websocket` (RFC 8441).
    /// 400, not 426: a 426 must carry `Upgrade`, which HTTP/2 forbids.
    public static let missingConnectProtocol = Self("missingConnectProtocol", 400)
    /// No Connection field listing `upgrade`.
    public static let missingConnectionUpgrade = Self("missingConnectionUpgrade", 400)
    /// Sec-WebSocket-Version missing or not `13`; answer with `Sec-WebSocket-Version: 13`.
    public static let unsupportedVersion = Self("unsupportedVersion", 426)
    /// Sec-WebSocket-Key or Sec-WebSocket-Version sent more than once.
    public static let duplicateField = Self("duplicateField", 400)
    /// No Sec-WebSocket-Key.
    public static let missingKey = Self("missingKey", 400)
    /// A Sec-WebSocket-Key that is not the padded base64 of exactly 16 bytes.
    public static let invalidKey = Self("invalidKey", 400)
    /// A Sec-WebSocket-Protocol element that is not a token.
    public static let invalidProtocol = Self("invalidProtocol", 400)
}

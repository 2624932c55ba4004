import BoomerangSerialization

/// A close status code ([RFC 6455 §7.4](https://www.rfc-editor.org/rfc/rfc6455#section-7.4)).
///
/// An open set: any 16-bit value can be represented; ``isAllowedOnWire`` says which may appear
/// in a close frame.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's value.
    public let rawValue: UInt16

    /// Creates a code.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Creates a code.
    public init(_ rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection has been fulfilled.
    public static let normalClosure = WebSocketCloseCode(1000)
    /// 1001: the endpoint is going away (server shutting down, page left).
    public static let goingAway = WebSocketCloseCode(1001)
    /// 1002: the peer broke the protocol.
    public static let protocolError = WebSocketCloseCode(1002)
    /// 1003: a message of a type the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(1003)
    /// 1005: no code was present (reported to the application, never sent).
    public static let noStatusReceived = WebSocketCloseCode(1005)
    /// 1006: the connection closed without a close frame (reported to the application, never sent).
    public static let abnormalClosure = WebSocketCloseCode(1006)
    /// 1007: message data inconsistent with its type, such as invalid UTF-8 in a text message.
    public static let invalidPayloadData = WebSocketCloseCode(1007)
    /// 1008: a message that violates the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(1008)
    /// 1009: a frame or message too large to process.
    public static let messageTooBig = WebSocketCloseCode(1009)
    /// 1010: the client expected an extension the server did not negotiate.
    public static let mandatoryExtension = WebSocketCloseCode(1010)
    /// 1011: the server met an unexpected condition.
    public static let internalError = WebSocketCloseCode(1011)
    /// 1015: the TLS handshake failed (reported to the application, never sent).
    public static let tlsHandshake = WebSocketCloseCode(1015)

    /// Whether the code may be sent in a close frame: 1000–1003, 1007–1014 (1012–1014 are
    /// registered with IANA since RFC 6455), and 3000–4999. Everything else is reserved (0–999,
    /// 1004, 1016–2999, 5000 and above) or only reported locally (1005, 1006, 1015).
    public var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// The code's number.
    public var description: String { String(rawValue) }
}

import BoomerangSerialization

/// The 4-bit opcode of a WebSocket frame ([RFC 6455 §5.2](https://www.rfc-editor.org/rfc/rfc6455#section-5.2)).
///
/// Any 4-bit value can be represented, so that a parser can report a reserved one; only the six
/// defined opcodes are valid on the wire.
public struct WebSocketOpcode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The opcode's value, 0 to 15.
    public let rawValue: UInt8

    /// Creates an opcode from the low four bits of `rawValue`; returns nil above 15.
    public init?(rawValue: UInt8) {
        guard rawValue < 16 else { return nil }
        self.rawValue = rawValue
    }

    private init(_ rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A later fragment of a text or binary message (0x0).
    public static let continuation = WebSocketOpcode(0x0)
    /// The first (or only) frame of a text message (0x1).
    public static let text = WebSocketOpcode(0x1)
    /// The first (or only) frame of a binary message (0x2).
    public static let binary = WebSocketOpcode(0x2)
    /// A close frame (0x8).
    public static let close = WebSocketOpcode(0x8)
    /// A ping (0x9).
    public static let ping = WebSocketOpcode(0x9)
    /// A pong (0xA).
    public static let pong = WebSocketOpcode(0xA)

    /// Whether this is a control opcode (0x8–0xF, defined or reserved).
    public var isControl: Bool { rawValue & 0x8 != 0 }

    /// Whether this opcode is reserved: 0x3–0x7 and 0xB–0xF.
    public var isReserved: Bool {
        switch rawValue {
        case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: false
        default: true
        }
    }

    /// The opcode's name (`text`, `close`…), or `reserved(0xN)`.
    public var description: String {
        switch rawValue {
        case 0x0: "continuation"
        case 0x1: "text"
        case 0x2: "binary"
        case 0x8: "close"
        case 0x9: "ping"
        case 0xA: "pong"
        default: "reserved(0x\(String(rawValue, radix: 16, uppercase: true)))"
        }
    }
}

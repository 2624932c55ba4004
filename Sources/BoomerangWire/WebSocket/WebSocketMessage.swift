import BoomerangSerialization

/// A complete message or control frame received on a WebSocket connection, as
/// ``WebSocketMessageAssembler`` puts it together.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message, its fragments joined and checked as UTF-8.
    case text(String)
    /// A binary message, its fragments joined.
    case binary([UInt8])
    /// A ping and its application data.
    case ping([UInt8])
    /// A pong and its application data.
    case pong([UInt8])
    /// A close frame, its payload checked.
    case close(WebSocketClose)
}

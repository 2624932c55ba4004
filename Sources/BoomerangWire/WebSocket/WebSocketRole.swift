import BoomerangSerialization

/// The side of a WebSocket connection an endpoint plays, which decides the masking rule
/// ([RFC 6455 §5.1](https://www.rfc-editor.org/rfc/rfc6455#section-5.1)).
public enum WebSocketRole: Sendable, Hashable {
    /// A server: every frame it receives must be masked, and it masks nothing it sends.
    case server
    /// A client: no frame it receives may be masked, and it masks everything it sends.
    case client
}

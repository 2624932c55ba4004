import BoomerangSerialization

/// Sends every text or binary message back with its type (Firewalk's and go-httpbin's
/// `/websocket/echo`); never closes by itself.
public struct WebSocketEchoBehavior: WebSocketBehavior {
    /// Creates the behaviour.
    public init() {}

    public mutating func receivedMessage(_ message: WebSocketMessage, _ output: inout WebSocketOutput) {
        switch message {
        case .text(let text): output.send(text: text)
        case .binary(let bytes): output.send(binary: bytes)
        default: break
        }
    }
}

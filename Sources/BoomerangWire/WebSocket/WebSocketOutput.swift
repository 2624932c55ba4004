import BoomerangSerialization

/// What a ``WebSocketBehavior`` asks its session to do, in order.
///
/// The session frames what is asked and keeps the protocol: nothing is sent after a close, and a
/// wake-up is dropped once the session is closing.
public struct WebSocketOutput: Sendable, Hashable {
    /// One request.
    public enum Item: Sendable, Hashable {
        /// A text or binary message.
        case message(WebSocketOpcode, [UInt8])
        /// A ping with this application data (at most 125 bytes).
        case ping([UInt8])
        /// Start the closing handshake.
        case close(WebSocketClose)
        /// Call ``WebSocketBehavior/wakeUpDue(_:)`` once this many milliseconds have passed;
        /// replaces an earlier wake-up not yet due.
        case wakeUp(afterMilliseconds: UInt64)
    }

    /// The requests, in order.
    public private(set) var items: [Item] = []

    /// Creates an empty output.
    public init() {}

    /// Sends a text message.
    public mutating func send(text: String) {
        items.append(.message(.text, Array(text.utf8)))
    }

    /// Sends a binary message.
    public mutating func send(binary: [UInt8]) {
        items.append(.message(.binary, binary))
    }

    /// Sends a ping; `payload` holds at most 125 bytes.
    public mutating func sendPing(_ payload: [UInt8] = []) {
        precondition(payload.count <= 125, "a ping carries at most 125 bytes")
        items.append(.ping(payload))
    }

    /// Starts the closing handshake with this code and reason.
    public mutating func close(_ code: WebSocketCloseCode = .normalClosure, reason: String = "") {
        precondition(code.isAllowedOnWire, "close code \(code) may not be sent")
        items.append(.close(WebSocketClose(code: code, reason: reason)))
    }

    /// Asks to be woken once `milliseconds` have passed.
    public mutating func wakeUp(afterMilliseconds milliseconds: UInt64) {
        items.append(.wakeUp(afterMilliseconds: milliseconds))
    }
}

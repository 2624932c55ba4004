import BoomerangSerialization

/// Sends one payload `count` times as binary messages, then closes after a delay (Firewalk's
/// `/websocket` with a count of 1, and `/websocket/payloads/{count}`). Messages from the client
/// are ignored.
public struct WebSocketPayloadsBehavior: WebSocketBehavior {
    /// The bytes of each message.
    public let payload: [UInt8]
    /// How many messages to send.
    public let count: Int
    /// The code to close with.
    public let closeCode: WebSocketCloseCode
    /// How long to wait after the last message before closing.
    public let closeDelayMilliseconds: UInt64

    /// Creates the behaviour; Firewalk's defaults are a count of 1, code 1000 and 30 ms.
    public init(payload: [UInt8], count: Int = 1, closeCode: WebSocketCloseCode = .normalClosure, closeDelayMilliseconds: UInt64 = 30) {
        precondition(count >= 0, "a negative count")
        precondition(closeCode.isAllowedOnWire, "close code \(closeCode) may not be sent")
        self.payload = payload
        self.count = count
        self.closeCode = closeCode
        self.closeDelayMilliseconds = closeDelayMilliseconds
    }

    public mutating func sessionStarted(_ output: inout WebSocketOutput) {
        for _ in 0..<count {
            output.send(binary: payload)
        }
        output.wakeUp(afterMilliseconds: closeDelayMilliseconds)
    }

    public mutating func wakeUpDue(_ output: inout WebSocketOutput) {
        output.close(closeCode)
    }
}

import BoomerangSerialization

/// Counts the client's pings (each answered with a pong by the session) and closes with 1001 on
/// the `count`-th (Firewalk's `/websocket/ping/{count}`). A count of 0 never closes, as in
/// Firewalk. Messages from the client are ignored.
public struct WebSocketPingCountBehavior: WebSocketBehavior {
    /// How many pings close the session.
    public let count: Int
    /// Pings received so far.
    public private(set) var received = 0

    /// Creates the behaviour.
    public init(count: Int) {
        precondition(count >= 0, "a negative count")
        self.count = count
    }

    public mutating func receivedPing(_ payload: [UInt8], _ output: inout WebSocketOutput) {
        received += 1
        if received == count {
            output.close(.goingAway)
        }
    }
}

/// What a connection's protocol state machine (HTTP/1.1 or HTTP/2) asks its driver to do, in order.
public enum ConnectionAction: Sendable, Equatable {
    /// Output is pending: send as much of the machine's pending output as the
    /// socket takes and report it with the machine's `sent(_:now:)`.
    case send
    /// Stop watching the socket for input.
    case pauseReading
    /// Watch the socket for input again.
    case resumeReading
    /// Call the machine's `timerFired(now:)` at this monotonic time (nanoseconds). There
    /// is one timer per connection: arming it again moves it.
    case armTimer(at: UInt64)
    /// Shut the write side (the client sees the end of the stream) and keep reading: the lingering
    /// close, so that input still in flight does not turn the close into a reset.
    case shutdownWrite
    /// Close the socket and drop every event of the connection (its timer included).
    case close
    /// Close with an RST (`SO_LINGER` 0), dropping every event of the connection.
    case reset
    /// The client asked for h2c and got its 101 (the last output of this machine): the
    /// connection speaks HTTP/2 from here on, answering the upgrade's request on stream 1. The
    /// upgrade is taken from the HTTP/1.1 machine (a payload here would make every action a
    /// copy of a request head).
    case upgradeToHTTP2
}

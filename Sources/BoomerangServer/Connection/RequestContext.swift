import BoomerangSerialization

/// What an endpoint knows about a request when its head is complete.
public struct RequestContext: Sendable {
    /// The parsed request head.
    public let head: HTTPRequestHead
    /// The client's address, without the port.
    public let remoteHost: String
    /// A unique id for this exchange, echoed as `requestId`.
    public let requestID: String
    /// The event loop that serves the connection.
    public let loopIndex: Int
    /// When the head was complete, in monotonic nanoseconds.
    public let receivedAt: UInt64
}

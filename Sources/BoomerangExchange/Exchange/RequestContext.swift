import BoomerangSerialization

/// What an endpoint knows about a request when its head is complete. Immutable; a class, so
/// that the responders, the exchange and the history share one copy of the head.
public final class RequestContext: Sendable {
    /// The parsed request head.
    public let head: HTTPRequestHead
    /// The client's address, without the port.
    public let remoteHost: String
    /// The exchange's id, echoed as `requestId`: unique within the process, or the client's own
    /// `X-Request-ID` when the server took it.
    public let requestID: String
    /// The event loop that serves the connection.
    public let loopIndex: Int
    /// When the head was complete, in monotonic nanoseconds.
    public let receivedAt: UInt64
    /// What TLS said about the connection; nil for plain HTTP.
    public let security: TransportSecurity?
    /// The HTTP/2 stream that carried the request; nil over HTTP/1.x.
    public let stream: HTTP2Stream?

    /// Creates a context.
    public init(
        head: HTTPRequestHead, remoteHost: String, requestID: String, loopIndex: Int, receivedAt: UInt64,
        security: TransportSecurity? = nil, stream: HTTP2Stream? = nil
    ) {
        self.head = head
        self.remoteHost = remoteHost
        self.requestID = requestID
        self.loopIndex = loopIndex
        self.receivedAt = receivedAt
        self.security = security
        self.stream = stream
    }

    /// The host the client addressed: the `Host` field, or HTTP/2's `:authority` (which replaces
    /// it there, RFC 9113 §8.3.1).
    public var authority: String? { head.headers["Host"] ?? stream?.authority }

    /// `https` over TLS, otherwise `http`.
    public var scheme: String { security == nil ? "http" : "https" }
}

/// The limits one HTTP/2 connection announces in its SETTINGS and enforces, and its deadlines.
public struct HTTP2Configuration: Sendable, Hashable {
    /// SETTINGS_MAX_CONCURRENT_STREAMS: streams the client may have open at once.
    public var maxConcurrentStreams = 100
    /// SETTINGS_INITIAL_WINDOW_SIZE: the bytes of request body a stream may send before the
    /// server has consumed some (``HTTP2Session/consume(stream:count:)`` reopens the window).
    public var initialWindowSize = 65_535
    /// SETTINGS_MAX_FRAME_SIZE: the largest frame payload the client may send.
    public var maxFrameSize = 16_384
    /// SETTINGS_HEADER_TABLE_SIZE (the HPACK dynamic table the client's encoder may use), and
    /// the most the server's encoder uses: 0 turns the dynamic table off both ways.
    public var headerTableSize = 4096
    /// The most body bytes one DATA frame from the server carries (flow control and the client's
    /// SETTINGS_MAX_FRAME_SIZE may make frames smaller still).
    public var maxDataFrameBytes = 1 << 24
    /// SETTINGS_MAX_HEADER_LIST_SIZE: a request's header fields, each counted as name, value and
    /// 32 bytes (RFC 9113 §6.5.2); a request over it is refused with a stream reset.
    public var maxHeaderListSize = 64 << 10
    /// SETTINGS_ENABLE_CONNECT_PROTOCOL: whether the client may open a stream with an extended
    /// CONNECT (RFC 8441), as WebSocket over HTTP/2 does.
    public var enablesConnectProtocol = true
    /// Stream resets by the client allowed in a burst before the connection ends (the
    /// rapid-reset attack, CVE-2023-44487); ``resetsPerSecond`` refill it.
    public var resetBurst = 1000
    /// Stream resets per second that refill ``resetBurst``.
    public var resetsPerSecond = 33

    /// The largest request body a stream may send; past it the request is answered 413 and the
    /// stream reset.
    public var maxBodyBytes: Int64 = 10 << 20
    /// How long a connection may stay open with no stream open and nothing to send.
    public var idleTimeoutNanoseconds: UInt64 = 15_000_000_000
    /// How long framed output may go without any byte being accepted by the socket.
    public var writeTimeoutNanoseconds: UInt64 = 15_000_000_000
    /// How long a connection that has said all it will say reads on (and drops what it reads)
    /// before it closes: the lingering close, so that frames still in flight do not turn the
    /// close into a reset that destroys the last frames (a GOAWAY) on their way to the client.
    public var lingerTimeoutNanoseconds: UInt64 = 2_000_000_000
    /// Framed output is taken from the library only while less than this waits for the socket:
    /// the rest of every response stays in its stream, behind flow control.
    public var outputHighWater = 64 << 10
    /// A response stream is pulled only while less than this of it waits in the library, so that
    /// a stream whose window is closed holds at most this much (and one piece).
    public var streamRefillBytes = 32 << 10

    /// The defaults.
    public init() {}
}

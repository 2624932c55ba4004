/// HTTP/2 settings and framing at their edges for one connection, in place of the server's: what
/// an HTTP/2 scenario serves, so that a client meets limits that real servers may announce. A nil
/// value keeps the server's.
public struct HTTP2Edges: Sendable, Hashable {
    /// SETTINGS_MAX_CONCURRENT_STREAMS: streams the client may have open at once.
    public var maxConcurrentStreams: Int?
    /// SETTINGS_INITIAL_WINDOW_SIZE: the request body bytes a stream may send before a WINDOW_UPDATE.
    public var initialWindowSize: Int?
    /// SETTINGS_HEADER_TABLE_SIZE, and the table the server's own HPACK encoder may use: 0 turns
    /// HPACK's dynamic table off both ways.
    public var headerTableSize: Int?
    /// The most bytes of body a DATA frame from the server carries.
    public var maxDataFrameBytes: Int?

    public init(maxConcurrentStreams: Int? = nil, initialWindowSize: Int? = nil, headerTableSize: Int? = nil, maxDataFrameBytes: Int? = nil) {
        self.maxConcurrentStreams = maxConcurrentStreams
        self.initialWindowSize = initialWindowSize
        self.headerTableSize = headerTableSize
        self.maxDataFrameBytes = maxDataFrameBytes
    }
}

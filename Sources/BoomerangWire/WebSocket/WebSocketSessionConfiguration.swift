import BoomerangSerialization

/// Limits and timings of ``WebSocketSession``.
public struct WebSocketSessionConfiguration: Sendable, Hashable {
    /// The frame and message limits for what the client sends; the role is always server.
    public var parser: WebSocketParserConfiguration
    /// The largest payload of one frame the session sends: longer messages are fragmented
    /// (go-httpbin's `max_fragment_size`). Default nil: one frame per message.
    public var maxSentFragmentBytes: Int?
    /// How long to wait for the client's close frame after sending ours before closing the
    /// connection anyway. Default 5 000 ms.
    public var closeTimeoutMilliseconds: UInt64
    /// The longest a session may last; when reached, the session closes with 1001 (going away).
    /// Default nil: no limit.
    public var maxDurationMilliseconds: UInt64?

    /// Creates a configuration.
    public init(
        parser: WebSocketParserConfiguration = .init(),
        maxSentFragmentBytes: Int? = nil,
        closeTimeoutMilliseconds: UInt64 = 5_000,
        maxDurationMilliseconds: UInt64? = nil
    ) {
        precondition(parser.role == .server, "a session is the server side")
        precondition(maxSentFragmentBytes.map { $0 > 0 } ?? true, "fragments must hold at least one byte")
        self.parser = parser
        self.maxSentFragmentBytes = maxSentFragmentBytes
        self.closeTimeoutMilliseconds = closeTimeoutMilliseconds
        self.maxDurationMilliseconds = maxDurationMilliseconds
    }
}

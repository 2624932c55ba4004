import BoomerangSerialization

/// Limits and leniencies of ``WebSocketFrameParser`` and ``WebSocketMessageAssembler``.
///
/// The defaults are strict ([RFC 6455](https://www.rfc-editor.org/rfc/rfc6455)): every leniency
/// is off and every limit is finite.
public struct WebSocketParserConfiguration: Sendable, Hashable {
    /// The side this endpoint plays: a server fails unmasked frames, a client masked ones.
    /// Default ``WebSocketRole/server``.
    public var role: WebSocketRole
    /// The largest payload of one frame, in bytes. A larger frame is refused from its header,
    /// before any payload is read, with close code 1009. Default 1 MiB.
    public var maxFrameBytes: Int
    /// The largest text or binary message, all its fragments together, in bytes. A fragment that
    /// would cross it is refused from its header with close code 1009. Default 4 MiB.
    public var maxMessageBytes: Int
    /// The RSV bits (RSV1 = 4, RSV2 = 2, RSV3 = 1) that a negotiated extension defines; any other
    /// set bit fails with 1002. Default 0: no extension is negotiated.
    public var negotiatedReservedBits: UInt8
    /// Accept a payload length written in more bytes than needed (a 16-bit length under 126, a
    /// 64-bit length under 65 536). RFC 6455 §5.2 says "the minimal number of bytes MUST be used";
    /// default `false`: such a frame fails with 1002.
    public var allowsNonMinimalLength: Bool

    /// Creates a configuration; every argument defaults to the strict, documented default.
    public init(
        role: WebSocketRole = .server,
        maxFrameBytes: Int = 1024 * 1024,
        maxMessageBytes: Int = 4 * 1024 * 1024,
        negotiatedReservedBits: UInt8 = 0,
        allowsNonMinimalLength: Bool = false
    ) {
        precondition(maxFrameBytes >= 0 && maxMessageBytes >= 0, "limits must not be negative")
        precondition(negotiatedReservedBits < 8, "only three RSV bits exist")
        self.role = role
        self.maxFrameBytes = maxFrameBytes
        self.maxMessageBytes = maxMessageBytes
        self.negotiatedReservedBits = negotiatedReservedBits
        self.allowsNonMinimalLength = allowsNonMinimalLength
    }
}

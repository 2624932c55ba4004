import BoomerangSerialization

/// Why a parser or a handshake check refused a request, and the HTTP status to answer with: the
/// code type of ``HTTPParseError`` and ``WebSocketHandshakeError``. `Domain` keeps each error's
/// codes apart; the set is open, new codes may be added.
public struct RefusalCode<Domain>: Sendable, Hashable, CustomStringConvertible {
    /// A short stable name, such as `invalidTarget`.
    public let name: String
    /// The HTTP status code to answer with.
    public let status: Int

    init(_ name: String, _ status: Int) {
        self.name = name
        self.status = status
    }

    /// The code's name.
    public var description: String { name }
}

import BoomerangSerialization

/// Where an HTTP/2 request arrived: its stream, the connection that carried it, and its
/// pseudo-header fields as received (`:method`, `:scheme`, `:authority`, `:path`, in their order).
/// Two requests with the same ``connection`` shared one connection.
public struct HTTP2Stream: Sendable, Hashable {
    /// The connection's id, unique within the process: the loop's index and the connection's
    /// number on that loop, such as `0.17`.
    public let connection: String
    /// The stream's id (odd: the client opened it).
    public let id: Int32
    /// The pseudo-header fields in the order received.
    public let pseudoHeaders: HTTPHeaders
    /// The name of the settings at their edges the connection runs with (``HTTP2Edges/name``),
    /// nil when it runs with the server's.
    public let edges: String?

    /// Creates a stream's description.
    public init(connection: String, id: Int32, pseudoHeaders: HTTPHeaders, edges: String? = nil) {
        self.connection = connection
        self.id = id
        self.pseudoHeaders = pseudoHeaders
        self.edges = edges
    }

    /// `:authority`, when the client sent it.
    public var authority: String? { pseudoHeaders[":authority"] }
}

import BoomerangSerialization

/// An HTTP/1.1 request that asks to continue in HTTP/2 without TLS (RFC 7540 §3.2): `Upgrade: h2c`,
/// an `HTTP2-Settings` field with the client's SETTINGS in base64url, both named in `Connection`.
/// The server answers 101, and the request becomes HTTP/2's stream 1.
public struct H2CUpgrade: Sendable, Equatable {
    /// The request, answered on stream 1.
    public let head: HTTPRequestHead
    /// The client's SETTINGS payload, decoded.
    public let settings: [UInt8]
    /// Bytes that arrived after the request, for the HTTP/2 side.
    public var input: [UInt8] = []
    /// The settings at their edges the request asks the connection for
    /// (``HTTP2Edges/controlName``), nil for the server's own.
    public let edges: HTTP2Edges?

    /// The upgrade `head` asks for; nil when it asks for none, or for one the server does not
    /// take: a request with a body (answered in HTTP/1.1, as RFC 7540 §3.2 allows; `Content-Length: 0`,
    /// which the JDK's client sends with its upgrading GET, is no body), or an
    /// `HTTP2-Settings` value that is not one field of base64url whole SETTINGS entries, or edges
    /// by a name there are none of (the echo answers that request 400, naming the edges).
    public init?(head: borrowing HTTPRequestHead) {
        guard Self.isAsked(by: head), let upgrade = head.headers["Upgrade"], Self.lists(upgrade, "h2c"),
            let connection = head.headers["Connection"], Self.lists(connection, "upgrade"), Self.lists(connection, "http2-settings")
        else { return nil }
        let values = head.headers.values(for: "HTTP2-Settings")
        guard values.count == 1, let settings = Base64.decode(values[0]), settings.count % 6 == 0 else { return nil }
        if let name = HTTP2Edges.askedName(in: head) {
            guard let edges = HTTP2Edges.named(name) else { return nil }
            self.edges = edges
        } else {
            edges = nil
        }
        self.head = copy head
        self.settings = settings
    }

    /// Whether `head` may ask for an upgrade at all: a cheap test for every request, before the
    /// initializer (which takes a copy of the head) looks closer.
    @inlinable
    public static func isAsked(by head: HTTPRequestHead) -> Bool {
        head.connectionListsUpgrade && (head.framing == .none || head.framing == .contentLength(0)) && head.version == .http1_1
    }

    /// The 101 the server answers with before its HTTP/2 preface.
    public static let switchingProtocols = Array("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n".utf8)

    /// Whether the comma-separated `list` holds `token`, in any case.
    private static func lists(_ list: String, _ token: String) -> Bool {
        list.split(separator: ",").contains { item in
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            return item.drop(while: isSpace).reversed().drop(while: isSpace).reversed().map { $0.lowercased() }.joined() == token
        }
    }
}

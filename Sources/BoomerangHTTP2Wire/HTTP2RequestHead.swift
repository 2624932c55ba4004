/// A request's head on one stream, complete: its pseudo-header fields as received and its other
/// fields in order. nghttp2 has checked them already (RFC 9113 §8.3: the four request
/// pseudo-headers, no connection-specific fields, lowercase names).
public struct HTTP2RequestHead: Sendable, Hashable {
    /// The stream that carries the request.
    public let streamID: Int32
    /// `:method`, `:scheme`, `:authority`, `:path` (and `:protocol`), in the order received.
    public var pseudoFields: [HTTP2Field] = []
    /// The other fields, in the order received.
    public var fields: [HTTP2Field] = []
    /// Whether the HEADERS frame ended the stream: the request has no body.
    public var endsStream = false

    /// A head with no fields yet: the session fills it as a HEADERS frame arrives; an h2c
    /// upgrade makes stream 1's from the HTTP/1.1 request.
    public init(streamID: Int32) {
        self.streamID = streamID
    }

    /// The value of pseudo-header `name` (`:path`), or nil.
    public func pseudo(_ name: String) -> String? {
        pseudoFields.first { $0.name == name }?.value
    }

    /// `:method`.
    public var method: String { pseudo(":method") ?? "" }
    /// `:path` (absent for CONNECT).
    public var path: String { pseudo(":path") ?? "" }
    /// `:authority`, or nil when the client sent a `host` field instead.
    public var authority: String? { pseudo(":authority") }
    /// `:scheme`.
    public var scheme: String { pseudo(":scheme") ?? "" }
    /// `:protocol`, which makes a CONNECT an extended CONNECT (RFC 8441: `websocket`), or nil.
    public var connectProtocol: String? { pseudo(":protocol") }
    /// Whether the request is an extended CONNECT (RFC 8441): CONNECT with a `:protocol`.
    public var isExtendedConnect: Bool { method == "CONNECT" && connectProtocol != nil }
}

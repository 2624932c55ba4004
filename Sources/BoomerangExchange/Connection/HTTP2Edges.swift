import BoomerangSerialization

/// HTTP/2 settings and framing at their edges for one connection, in place of the server's: what
/// an HTTP/2 scenario serves, so that a client meets limits that real servers may announce. A nil
/// value keeps the server's.
public struct HTTP2Edges: Sendable, Hashable {
    /// The name the edges are asked for by (`h2-one-stream`), which the echo shows; nil for
    /// edges made up in place.
    public var name: String?
    /// SETTINGS_MAX_CONCURRENT_STREAMS: streams the client may have open at once.
    public var maxConcurrentStreams: Int?
    /// SETTINGS_INITIAL_WINDOW_SIZE: the request body bytes a stream may send before a WINDOW_UPDATE.
    public var initialWindowSize: Int?
    /// SETTINGS_HEADER_TABLE_SIZE, and the table the server's own HPACK encoder may use: 0 turns
    /// HPACK's dynamic table off both ways.
    public var headerTableSize: Int?
    /// The most bytes of body a DATA frame from the server carries.
    public var maxDataFrameBytes: Int?

    public init(
        name: String? = nil, maxConcurrentStreams: Int? = nil, initialWindowSize: Int? = nil, headerTableSize: Int? = nil,
        maxDataFrameBytes: Int? = nil
    ) {
        self.name = name
        self.maxConcurrentStreams = maxConcurrentStreams
        self.initialWindowSize = initialWindowSize
        self.headerTableSize = headerTableSize
        self.maxDataFrameBytes = maxDataFrameBytes
    }
}

extension HTTP2Edges {
    /// The control that asks for edges by name (`x-set-http2-edge: h2-one-stream`): a query
    /// parameter or a field of an h2c upgrade's request, or of any HTTP/2 request.
    public static let controlName = "x-set-http2-edge"

    /// The value of ``controlName`` in `head`'s query, or else in its fields. The query is read
    /// as the echo that checks the control reads it: names and values percent-decoded (a `+` kept),
    /// the last pair of the name, a bare name an empty value.
    public static func askedName(in head: borrowing HTTPRequestHead) -> String? {
        if let query = head.query, query.utf8.contains(UInt8(ascii: "%")) || query.contains(controlName) {
            let decoder = PercentDecoder(mode: .lenient)
            func decoded(_ text: Substring) -> String { (try? decoder.decodeString(text.utf8)) ?? String(text) }
            var asked: String?
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard decoded(parts[0]) == controlName else { continue }
                asked = parts.count > 1 ? decoded(parts[1]) : ""
            }
            if let asked { return asked }
        }
        return head.headers[controlName]
    }

    /// The edges by name, as the TLS scenarios of the same names serve them.
    public static let named: [HTTP2Edges] = [
        HTTP2Edges(name: "h2-one-stream", maxConcurrentStreams: 1),
        HTTP2Edges(name: "h2-tiny-window", initialWindowSize: 1),
        HTTP2Edges(name: "h2-tiny-frames", maxDataFrameBytes: 1),
        HTTP2Edges(name: "h2-no-hpack-table", headerTableSize: 0),
    ]

    /// The edges named `name` (any case, spaces around it ignored), or nil.
    public static func named(_ name: String) -> HTTP2Edges? {
        let name = ASCII.lowercased(name.trimmingSpaces())
        return named.first { $0.name == name }
    }

    /// The names, for an error that lists them.
    public static var names: String {
        let names = named.compactMap(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

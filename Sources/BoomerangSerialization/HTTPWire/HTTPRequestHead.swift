/// The head of an HTTP/1.x request as the HTTP/1.1 request parser (BoomerangWire) reads it: request line and header
/// fields, with the framing and connection decisions already taken.
///
/// Field names keep their original case and the fields their order. Field values are decoded as
/// UTF-8 when they are valid UTF-8, and otherwise byte for byte as ISO-8859-1 (each byte becomes
/// the scalar U+0000–U+00FF of the same value), so no byte is lost: `value.unicodeScalars` maps
/// back to the original bytes in that case.
public struct HTTPRequestHead: Sendable, Hashable {
    /// How the body of a request is delimited ([RFC 9112 §6.3](https://www.rfc-editor.org/rfc/rfc9112#section-6.3)).
    public enum Framing: Sendable, Hashable {
        /// No body: neither Content-Length nor Transfer-Encoding.
        case none
        /// Exactly this many bytes follow the head.
        case contentLength(Int64)
        /// A chunked body follows the head.
        case chunked
    }

    /// The method token, case-sensitive. Unknown methods are kept; deciding 405/501 is the router's job.
    public var method: HTTPMethod
    /// The request target as sent (origin-form, absolute-form, authority-form or `*`); it holds
    /// only visible ASCII other than `#`.
    public var target: String {
        didSet { queryMarkOffset = Self.queryMarkOffset(in: target) }
    }
    /// The protocol version: HTTP/1.0 or HTTP/1.1.
    public var version: HTTPVersion
    /// The header fields in order, with their original case.
    public var headers: HTTPHeaders
    /// How the body is delimited.
    public var framing: Framing
    /// Whether the connection stays open after this exchange: by default on HTTP/1.1 unless a
    /// Connection field lists `close`; on HTTP/1.0 only when it lists `keep-alive` and not `close`.
    public var keepAlive: Bool
    /// Whether the client sent `Expect: 100-continue` (ignored on HTTP/1.0, as RFC 9110 §10.1.1 asks)
    /// and waits for a 100 (Continue) before sending the body.
    public var expectsContinue: Bool
    /// Whether a `Connection` field lists `upgrade`: the request may ask to switch protocols
    /// (WebSocket, h2c), which the parser notes so that no other request pays for a look.
    public var connectionListsUpgrade = false
    /// The head's bytes exactly as received, request line through the empty line, when the parser
    /// was configured to keep it (`HTTPParserConfiguration.keepsRawHead`); otherwise nil.
    public var rawHead: [UInt8]?
    /// The byte offset of the first `?` of the target, -1 when there is none: found once, for
    /// ``path`` and ``query`` that every route, log and history entry reads.
    @usableFromInline var queryMarkOffset: Int

    /// Creates a head.
    @inlinable
    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        framing: Framing = .none,
        keepAlive: Bool = true,
        expectsContinue: Bool = false,
        rawHead: [UInt8]? = nil
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
        self.rawHead = rawHead
        queryMarkOffset = Self.queryMarkOffset(in: target)
    }

    /// The target up to the first `?` (the whole target when there is no query).
    public var path: Substring {
        guard let mark = queryMark else { return target[...] }
        return target[..<mark]
    }

    /// The text after the first `?` of the target, or `nil` when there is no `?`.
    public var query: Substring? {
        guard let mark = queryMark else { return nil }
        return target[target.utf8.index(after: mark)...]
    }

    /// Where the first `?` of the target is.
    private var queryMark: String.Index? {
        guard queryMarkOffset >= 0 else { return nil }
        let utf8 = target.utf8
        return utf8.index(utf8.startIndex, offsetBy: queryMarkOffset)
    }

    @usableFromInline static func queryMarkOffset(in target: String) -> Int {
        let utf8 = target.utf8
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            for index in bytes.indices where bytes[index] == UInt8(ascii: "?") { return index }
            return nil
        }
        if let offset { return offset ?? -1 }
        guard let mark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return -1 }
        return utf8.distance(from: utf8.startIndex, to: mark)
    }
}

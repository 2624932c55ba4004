import Foundation

/// One response as a test client read it: the status, the header fields in the order they came,
/// the body with its framing removed, the trailers of a chunked body, and the bytes it arrived in.
public struct TestResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The status line, as sent (`HTTP/1.1 200 OK`).
    public var statusLine: String
    /// The header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body without its framing (chunks joined).
    public var body: [UInt8]
    /// The trailer fields of a chunked body, in order.
    public var trailers: [(name: String, value: String)]
    /// The response as it arrived, head and framing included.
    public var raw: [UInt8]
    /// Whether the body ended as its framing says; false when the connection closed first.
    public var isComplete: Bool

    /// A response made of its parts (the raw bytes are left empty).
    public init(
        status: Int, statusLine: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        trailers: [(name: String, value: String)] = [], raw: [UInt8] = [], isComplete: Bool = true
    ) {
        self.status = status
        self.statusLine = statusLine
        self.headers = headers
        self.body = body
        self.trailers = trailers
        self.raw = raw
        self.isComplete = isComplete
    }

    /// The first value of the header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of the header field `name` (any case), in order.
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The first value of the trailer field `name` (any case).
    public func trailer(_ name: String) -> String? {
        trailers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or nil when it is not one.
    public var json: [String: Any]? { anyJSON as? [String: Any] }

    /// The body as any JSON value (arrays included), or nil when it is not JSON.
    public var anyJSON: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

    /// The `error.code` of an error document.
    public var errorCode: String? {
        (json?["error"] as? [String: Any])?["code"] as? String
    }

    /// The head as text, up to and including the blank line.
    public var headText: String {
        guard let end = raw.firstRange(of: [13, 10, 13, 10]) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: raw[..<end.upperBound], as: UTF8.self)
    }
}

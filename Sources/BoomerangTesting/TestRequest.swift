/// A request a test sends: exact bytes, or a method, target, fields and body rendered as
/// HTTP/1.1 with `Host: localhost` (unless given) and a `Content-Length` when there is a body or
/// the method usually has one.
public struct TestRequest: Sendable {
    /// What goes on the wire.
    public var bytes: [UInt8]
    /// Whether the request is a HEAD, whose response has no body.
    public var isHead: Bool

    /// A request rendered from its parts.
    public init(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: localhost\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let framed = headers.contains { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }
        if !framed && (!body.isEmpty || ["POST", "PUT", "PATCH"].contains(method)) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        bytes = Array(head.utf8) + body
        isHead = method == "HEAD"
    }

    /// A request sent byte for byte as given.
    public init(raw bytes: [UInt8]) {
        self.bytes = bytes
        isHead = bytes.starts(with: Array("HEAD ".utf8))
    }

    /// A request sent as the UTF-8 of `text`, byte for byte.
    public init(raw text: String) {
        self.init(raw: Array(text.utf8))
    }
}

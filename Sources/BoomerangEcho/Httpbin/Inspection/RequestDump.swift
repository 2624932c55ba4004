import BoomerangExchange
import BoomerangSerialization

/// go-httpbin's `/dump/request`: the request in HTTP/1.1 wire form.
///
/// The head is the bytes the parser received (``HTTPRequestHead/rawHead``), byte for byte; a head
/// parsed without them is rebuilt from its parts (fields in order with their original case; only
/// the whitespace around values differs). The body follows as received after de-chunking, up to
/// the buffered-body limit.
package struct RequestDumpResponder: Responder {
    package let context: RequestContext
    package let maxBodyBytes: Int
    private var body: [UInt8] = []
    private var size: Int64 = 0

    package init(context: RequestContext, maxBodyBytes: Int) {
        self.context = context
        self.maxBodyBytes = maxBodyBytes
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        size += Int64(bytes.count)
        let room = maxBodyBytes - body.count
        if room > 0 { body.append(contentsOf: bytes.prefix(room)) }
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        let head = context.head.rawHead ?? Self.head(context.head)
        var response = Response.bytes(head + body, contentType: "text/plain; charset=utf-8")
        if size > Int64(body.count) {
            response.headers.add(name: "X-Boomerang-Body-Truncated", value: "\(size - Int64(body.count)) bytes not shown")
        }
        return response
    }

    /// The head rebuilt from its parts: request line, fields (values as UTF-8), blank line.
    package static func head(_ head: HTTPRequestHead) -> [UInt8] {
        var out = Array("\(head.method.rawValue) \(head.target) HTTP/\(head.version.major).\(head.version.minor)\r\n".utf8)
        for field in head.headers {
            out += Array(field.name.utf8) + [0x3A, 0x20] + Array(field.value.utf8) + [13, 10]
        }
        out += [13, 10]
        return out
    }
}

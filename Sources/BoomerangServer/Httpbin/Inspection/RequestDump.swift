import BoomerangSerialization

/// go-httpbin's `/dump/request`: the request in HTTP/1.1 wire form.
///
/// The head is rebuilt from the parsed head, which keeps the request line, every field in order
/// with its original name case, and each value; the strict parser accepts only single spaces in
/// the request line and CRLF line endings, so the rebuilt head differs from the bytes received
/// only in the optional whitespace around field values (written here as one space after the
/// colon). The body follows as received after de-chunking, up to the buffered-body limit.
struct RequestDumpResponder: Responder {
    let context: RequestContext
    let maxBodyBytes: Int
    private var body: [UInt8] = []
    private var size: Int64 = 0

    init(context: RequestContext, maxBodyBytes: Int) {
        self.context = context
        self.maxBodyBytes = maxBodyBytes
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        size += Int64(bytes.count)
        let room = maxBodyBytes - body.count
        if room > 0 { body.append(contentsOf: bytes.prefix(room)) }
    }

    mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        var response = Response.bytes(Self.head(context.head) + body, contentType: "text/plain; charset=utf-8")
        if size > Int64(body.count) {
            response.headers.add(name: "X-Boomerang-Body-Truncated", value: "\(size - Int64(body.count)) bytes not shown")
        }
        return response
    }

    /// The head's wire bytes: request line, fields, blank line. A value decoded as ISO-8859-1
    /// (not valid UTF-8) is written back byte for byte.
    static func head(_ head: HTTPRequestHead) -> [UInt8] {
        var out = Array("\(head.method.rawValue) \(head.target) HTTP/\(head.version.major).\(head.version.minor)\r\n".utf8)
        for field in head.headers {
            out += Array(field.name.utf8) + [0x3A, 0x20]
            if field.value.unicodeScalars.allSatisfy({ $0.value < 0x100 }) && !field.value.utf8.allSatisfy({ $0 < 0x80 }) {
                out += field.value.unicodeScalars.map { UInt8($0.value) }
            } else {
                out += Array(field.value.utf8)
            }
            out += [13, 10]
        }
        out += [13, 10]
        return out
    }
}

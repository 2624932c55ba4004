import BoomerangExchange
import BoomerangSerialization
import Crypto

/// go-httpbin's `/upload`: the body is counted and SHA-256 hashed as it streams and never kept,
/// so any size up to the request-body limit costs no memory; the answer describes the request
/// and reports `bytes_received` and `sha256`.
package struct UploadResponder: Responder {
    package let context: RequestContext
    private var size: Int64 = 0
    private var hasher = SHA256()

    package init(context: RequestContext) {
        self.context = context
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        size += Int64(bytes.count)
        hasher.update(bufferPointer: bytes)
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        let head = context.head
        let query = EchoQuery(head.query ?? "")
        let document: StructuredValue = .object(StructuredObject([
            ("args", .object(query.args)),
            ("bytes_received", .int(size)),
            ("headers", .object(EchoDocument.canonicalHeaders(head.headers))),
            ("method", .string(head.method.rawValue)),
            ("origin", .string(EchoDocument.origin(context))),
            ("sha256", .string(Hex.lowercase(hasher.finalize()))),
            ("url", .string(EchoDocument.url(context))),
        ]))
        return .json(document)
    }
}

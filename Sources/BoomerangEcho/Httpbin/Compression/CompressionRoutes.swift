import BoomerangCompression
import BoomerangExchange
import BoomerangSerialization

/// httpbin's `/gzip`, `/deflate` and `/brotli`, and `/zstd` beside them: the request's `headers`,
/// `method` and `origin` with a flag naming the coding, always coded with it whatever the
/// request's `Accept-Encoding` (as httpbin does). Firewalk's methods: GET, POST, PUT, PATCH, DELETE.
package enum CompressionRoutes {
    package static func register(in group: inout RouteGroup) {
        let routes: [(path: String, coding: ContentCoding, flag: String)] = [
            ("/gzip", .gzip, "gzipped"), ("/deflate", .deflate, "deflated"), ("/brotli", .brotli, "brotli"),
            ("/zstd", .zstd, "zstd"),
        ]
        for route in routes {
            group.add(
                "\(route.path.dropFirst())", StreamRoutes.bodyMethods, route.path,
                summary: "headers, method and origin as JSON, coded with \(route.coding.name) (Content-Encoding: \(route.coding.name))"
            ) { request throws(ServerError) in
                try FixedResponder(coded(request.context, coding: route.coding, flag: route.flag))
            }
        }
    }

    /// The document, coded with `coding`.
    package static func coded(_ context: RequestContext, coding: ContentCoding, flag: String) throws(ServerError) -> Response {
        let document = sortedObject([
            (flag, .bool(true)),
            ("headers", .object(EchoDocument.canonicalHeaders(context.head.headers))),
            ("method", .string(context.head.method.rawValue)),
            ("origin", .string(EchoDocument.origin(context))),
        ])
        var response = Response.json(document)
        do {
            response.body = try Compressor.compress(response.body, coding: coding)
        } catch {
            throw ServerError(.compressionFailed, "the document could not be coded with \(coding): \(error)")
        }
        response.headers.add(name: "Content-Encoding", value: coding.name)
        return response
    }
}

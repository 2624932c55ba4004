import BoomerangExchange
import BoomerangSerialization

/// `/cache`, `/cache/{n}` and `/etag/{etag}`: the `/get` echo with caching headers, and 304 or
/// 412 for conditional requests.
package enum CachingRoutes {
    /// The longest `max-age` `/cache/{n}` sends: 2³¹ − 1 seconds, the most caches are required to
    /// handle ([RFC 9111 §1.2.2](https://www.rfc-editor.org/rfc/rfc9111#section-1.2.2)).
    package static let maxAgeSeconds = Int(Int32.max)

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let options = configuration.echo
        group.add(
            "cache", .only([.get]), "/cache",
            summary: "The /get echo with Last-Modified and ETag; 304 when If-Modified-Since or If-None-Match is sent"
        ) { request in
            let headers = request.head.headers
            if headers.contains("If-Modified-Since") || headers.contains("If-None-Match") {
                return FixedResponder(Response(status: 304))
            }
            let lastModified = String(decoding: HTTPDate.now(), as: UTF8.self)
            let tag = String(UUIDText.random().filter { $0 != "-" })
            return EchoVariantResponder(context: request.context, route: .get, options: options) { response in
                response.headers.add(name: "Last-Modified", value: lastModified)
                response.headers.add(name: "ETag", value: "\"\(tag)\"")
            }
        }
        group.add(
            "cache-control", .only([.get]), "/cache/{n}",
            summary: "The /get echo with Cache-Control: public, max-age=n"
        ) { request throws(ServerError) in
            let seconds = try request.parameters.int("n", in: 0...maxAgeSeconds)
            return EchoVariantResponder(context: request.context, route: .get, options: options) { response in
                response.headers.add(name: "Cache-Control", value: "public, max-age=\(seconds)")
            }
        }
        group.add(
            "etag", .only([.get]), "/etag/{etag}",
            summary: "The /get echo with ETag; 304 on a matching If-None-Match, 412 on a failing If-Match"
        ) { request throws(ServerError) in
            let tag = request.parameters.string("etag") ?? ""
            guard !tag.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value >= 0x7F || $0 == "\"" }) else {
                throw ServerError(.invalidParameter, "etag must be visible ASCII without quotes", value: tag)
            }
            let quoted = "\"\(tag)\""
            let ifNoneMatch = EntityTagList(request.head.headers["If-None-Match"])
            let ifMatch = EntityTagList(request.head.headers["If-Match"])
            if !ifNoneMatch.isEmpty {
                if ifNoneMatch.matches(tag) {
                    return FixedResponder(Response(status: 304, headers: ["ETag": quoted]))
                }
            } else if !ifMatch.isEmpty, !ifMatch.matches(tag) {
                return FixedResponder(Response(status: 412, headers: ["Content-Type": "text/html; charset=utf-8"]))
            }
            return EchoVariantResponder(context: request.context, route: .get, options: options) { response in
                response.headers.add(name: "ETag", value: quoted)
            }
        }
    }
}

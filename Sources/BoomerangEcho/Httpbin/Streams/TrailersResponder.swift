import BoomerangExchange
import BoomerangSerialization

/// go-httpbin's `/trailers?name=value…`: the echo, sent chunked, then each query parameter as an
/// HTTP trailer, announced in `Trailer`. Names that may not be trailers (framing, routing,
/// authentication, `Content-*`, `Set-Cookie`, …) and values with control characters are a 400.
package struct TrailersResponder: Responder {
    /// Fields a trailer may not carry (RFC 9110 §6.5.1), as go-httpbin refuses them.
    package static let forbiddenNames: Set<String> = [
        "authorization", "cache-control", "content-encoding", "content-length", "content-range", "content-type", "host",
        "max-forwards", "set-cookie", "te", "trailer", "transfer-encoding",
    ]

    private var echo: EchoResponder
    private let trailers: HTTPHeaders
    /// HTTP/1.0 has no chunked framing: the body ends with the connection and trailers are dropped.
    private let canSendTrailers: Bool

    package init(context: RequestContext, configuration: EchoConfiguration) throws(ServerError) {
        var trailers = HTTPHeaders()
        for pair in HttpbinQuery(context.head).pairs {
            guard !pair.name.isEmpty, pair.name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                throw ServerError(.invalidParameter, "a trailer name must be an HTTP token", value: pair.name)
            }
            guard !Self.forbiddenNames.contains(pair.name.lowercased()) else {
                throw ServerError(.invalidParameter, "\(pair.name) may not be sent as a trailer", value: pair.name)
            }
            guard !pair.value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                throw ServerError(.invalidParameter, "a trailer value may not hold control characters", value: pair.value)
            }
            trailers.add(name: pair.name, value: pair.value)
        }
        self.trailers = trailers
        canSendTrailers = context.head.version.isAtLeastHTTP1_1
        echo = EchoResponder(context: context, route: .anything, configuration: configuration)
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        echo.receive(bytes)
    }

    package mutating func finish(trailers requestTrailers: HTTPHeaders) throws(ServerError) -> Response {
        var response = try echo.finish(trailers: requestTrailers)
        var names: [String] = []
        for field in trailers where !names.contains(where: { $0.lowercased() == field.name.lowercased() }) {
            names.append(field.name)
        }
        if !names.isEmpty && canSendTrailers { response.headers.add(name: "Trailer", value: names.joined(separator: ", ")) }
        response.bodyStream = FixedBodyStream(body: response.body, trailers: trailers)
        response.body = []
        return response
    }
}

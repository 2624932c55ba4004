import BoomerangSerialization

/// Wraps the responder of a recorded route: passes everything through and keeps, for the
/// history, the body (``BodyCapture``), the route that answered and, for the echo, the values it
/// built (its document and body collector), so nothing is decoded twice.
struct RecordingResponder: Responder {
    private(set) var inner: any Responder
    /// The name of the route that answered; `nil` for a 404, 405, 501 or a refused target.
    let route: String?
    /// The path routed: the target's path without its session prefix.
    let routedPath: Substring
    /// The session named by a `/s/{name}` prefix.
    let pathSession: Substring?
    private(set) var capture: BodyCapture
    /// The echo responder once it has answered.
    private(set) var echo: EchoResponder?

    init(inner: any Responder, route: String?, routedPath: Substring, pathSession: Substring?, maxBodyBytes: Int) {
        self.inner = inner
        self.route = route
        self.routedPath = routedPath
        self.pathSession = pathSession
        capture = BodyCapture(maxBytes: maxBodyBytes, hashesOverflow: !(inner is EchoResponder))
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        capture.append(bytes)
        inner.receive(bytes)
    }

    mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        defer { echo = inner as? EchoResponder }
        return try inner.finish(trailers: trailers)
    }
}

import BoomerangSerialization

/// Wraps the responder of a recorded route: passes everything through and keeps, for the
/// history, the body (``BodyCapture``), the route that answered and the session prefix. The echo
/// hands its own values (document, parts, hash) over in ``Response/echoRecord``, so nothing is
/// decoded twice.
///
/// A class, so that the history's hook finds it in the exchange with a cheap class cast rather
/// than by copying a large value out of an existential. Confined to its connection's loop.
final class RecordingResponder: Responder, RouteDeciding {
    // Confined to one loop thread: no dynamic exclusivity checks on the per-request path.
    @exclusivity(unchecked) private(set) var inner: any Responder
    /// The name of the route that answered; `nil` for a 404, 405, 501 or a refused target. A mock
    /// mapping decided by the body names itself when the body is complete.
    private(set) var route: String?
    /// The path routed: the target's path without its session prefix.
    let routedPath: Substring
    /// The session named by a `/s/{name}` prefix.
    let pathSession: Substring?
    @exclusivity(unchecked) private(set) var capture: BodyCapture

    init(inner: any Responder, route: String?, routedPath: Substring, pathSession: Substring?, maxBodyBytes: Int) {
        self.inner = inner
        self.route = route
        self.routedPath = routedPath
        self.pathSession = pathSession
        // The echo hashes every body it takes (multipart bodies part by part): no second hash.
        let isEcho = route?.hasASCIIPrefix("echo.") ?? false
        capture = BodyCapture(maxBytes: maxBodyBytes, hashesOverflow: !isEcho)
    }

    func receive(_ bytes: UnsafeRawBufferPointer) {
        capture.append(bytes)
        inner.receive(bytes)
    }

    var answeredRoute: String? { route }

    func answerBeforeBody() throws(ServerError) -> Response? {
        try inner.answerBeforeBody()
    }

    func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        defer {
            // Only a mock mapping changes its mind once the body is in (wrappers pass its decision on).
            if route?.hasASCIIPrefix("mock.") == true, let deciding = inner as? any RouteDeciding { route = deciding.answeredRoute }
        }
        return try inner.finish(trailers: trailers)
    }
}

import BoomerangSerialization

/// Serves one of ``ScenarioRoutes``' responses; a request body is read and dropped.
struct ScenarioResponder: Responder {
    let response: Response

    init(head: HTTPRequestHead) {
        response = ScenarioRoutes.response(for: head)
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {}

    mutating func finish(trailers: HTTPHeaders) -> Response {
        response
    }
}

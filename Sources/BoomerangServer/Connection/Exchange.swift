import BoomerangSerialization

/// One request and its response on a connection: what the access log and the history record.
struct Exchange {
    let context: RequestContext
    var responder: any Responder
    var bodyBytes: Int64 = 0
    var aborted = false
    var status = 0
    var responseBytes = 0

    init(context: RequestContext, responder: any Responder) {
        self.context = context
        self.responder = responder
    }

    mutating func received(_ bytes: UnsafeRawBufferPointer) {
        bodyBytes += Int64(bytes.count)
        responder.receive(bytes)
    }

    /// The response, with a thrown ``ServerError`` rendered in the format the request negotiated.
    mutating func finish(trailers: HTTPHeaders) -> Response {
        do {
            return try responder.finish(trailers: trailers)
        } catch {
            return error.response(for: context.head)
        }
    }
}

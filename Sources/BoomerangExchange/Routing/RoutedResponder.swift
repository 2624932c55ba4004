import BoomerangSerialization

/// The responder the connection drives for one exchange: the one the route or mapping chose, with
/// what the server adds around every route (content codings, the CORS fields), the route's
/// name for the metrics and the history, and what the history gathers while the exchange runs.
/// One value the connection owns, so that none of this costs an object or a wrapper per request.
public struct RoutedResponder {
    public var responder: any Responder
    /// The route's or mapping's name; `nil` when nothing matched (404, 405, 501, a refused target).
    /// A mock mapping decided by the body names itself once `finish` has run.
    public var route: String?
    /// Set when the history records the exchange; the connection moves it into the ``Exchange``.
    public var recording: ExchangeRecording?
    /// The content codings; `nil` for the admin API and for a responder the router did not choose.
    public var coding: ContentCodingStage?
    /// The CORS fields the answer gets: nil for the admin API's and the page's files, and when the
    /// `cors` setting is `off`.
    public var cors: CORSFields?
    /// Whether the responder names the route that answered once the body is read (a mock mapping
    /// that can hand the request to the built-in route, ``RouteDeciding``).
    public var isDecidedByBody = false

    public init(responder: any Responder, route: String?) {
        self.responder = responder
        self.route = route
    }

    public mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        if coding == nil {
            responder.receive(bytes)
        } else {
            coding!.receive(bytes, into: &responder)
        }
    }

    /// The responder's answer from the head alone, if it gives one (see ``Responder/answerBeforeBody()``).
    public mutating func answerBeforeBody(context: RequestContext) throws(ServerError) -> Response? {
        do {
            guard var response = try responder.answerBeforeBody() else { return nil }
            try coding?.compress(&response, for: context.head)
            cors?.add(to: &response.headers, for: context.head)
            return response
        } catch {
            throw withCORS(error, context)
        }
    }

    /// Whether the request's body window stays shut (see ``Responder/holdsBodyWindow()``).
    public mutating func holdsBodyWindow() -> Bool {
        responder.holdsBodyWindow()
    }

    /// The body is complete: the response, or the error to answer with. The request is read from
    /// its context in place (passing the head itself would copy it).
    public mutating func finish(trailers: HTTPHeaders, context: RequestContext) throws(ServerError) -> Response {
        defer {
            if isDecidedByBody, let deciding = responder as? any RouteDeciding { route = deciding.answeredRoute }
        }
        do {
            try coding?.finishBody()
            var response = try responder.finish(trailers: trailers)
            try coding?.compress(&response, for: context.head)
            if response.status != 101 { cors?.add(to: &response.headers, for: context.head) }
            return response
        } catch {
            throw withCORS(error, context)
        }
    }

    private func withCORS(_ error: ServerError, _ context: RequestContext) -> ServerError {
        guard let cors else { return error }
        var error = error
        cors.add(to: &error.headers, for: context.head)
        return error
    }
}

import BoomerangSerialization

/// The echo endpoints: collects the body while it streams, then describes the whole request in
/// the negotiated format and answers as the response controls ask.
struct EchoResponder: Responder {
    let context: RequestContext
    let route: EchoRoute
    let configuration: EchoConfiguration
    /// The format to answer in when the request's controls name none, instead of `Accept`'s
    /// (a mock mapping's `echo: plist`).
    var format: ResponseFormat?
    private var body: BodyCollector

    init(context: RequestContext, route: EchoRoute, configuration: EchoConfiguration) {
        self.context = context
        self.route = route
        self.configuration = configuration
        body = BodyCollector(head: context.head, configuration: configuration)
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        body.receive(bytes)
    }

    mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        let bodyHash = body.finish()
        let head = context.head
        let query = EchoQuery(head.query ?? "")
        let controls: ResponseControls
        do {
            controls = try ResponseControls(
                query: query.rawPairs, headers: head.headers, maxDelayMilliseconds: configuration.maxResponseDelayMilliseconds)
        } catch {
            throw ServerError(.invalidControl, "\(error.name) was \"\(error.value)\"; expected \(error.expected)", value: error.value)
        }
        guard let format = controls.format ?? self.format ?? ResponseFormatNegotiator().negotiate(accept: head.headers["Accept"]) else {
            let available = ResponseFormat.allCases.map { "\($0.mediaType)" }.joined(separator: ", ")
            throw ServerError(
                .notAcceptable, "no acceptable format; available: \(available)", value: head.headers["Accept"],
                headers: ["Vary": "Accept"])
        }
        if route == .ip, query.rawPairs.last(where: { $0.name == "format" })?.value == "text" {
            // go-httpbin's plain-text form, for scripts: the address and a newline.
            return .text(EchoDocument.origin(context) + "\n")
        }
        let document = EchoDocument(context: context, route: route, query: query, body: body, bodyHash: bodyHash).value
        var response = Response(status: controls.status ?? 200)
        do {
            response.body = try format.render(document)
        } catch {
            throw ServerError(.renderFailed, "the echo could not be rendered as \(format): \(error)")
        }
        if let contentType = controls.contentType {
            if !contentType.isEmpty { response.headers.add(name: "Content-Type", value: contentType) }
        } else {
            response.headers.add(name: "Content-Type", value: "\(format.mediaType)")
        }
        response.headers.add(name: "X-Request-Id", value: context.echoedRequestID)
        response.echoRecord = EchoRecord(
            document: document, parts: body.multipart?.parts ?? [], bodySHA256: bodyHash, bodyKind: body.kind)
        response.delayMilliseconds = controls.delayMilliseconds
        if let times = controls.failTimes, let token = controls.failToken {
            let attempt = FailureCounter.shared.attempt(token)
            guard attempt <= times else { return response }
            guard let fault = controls.fault else {
                throw ServerError(
                    .injectedFailure,
                    "attempt \(attempt) of \(times) failing with token \(token); attempt \(times + 1) succeeds",
                    value: token, headers: ["Retry-After": "0", "X-Boomerang-Attempt": "\(attempt)"])
            }
            response.headers.add(name: "X-Boomerang-Attempt", value: "\(attempt)")
            fault.apply(to: &response)
        } else if let fault = controls.fault {
            fault.apply(to: &response)
        }
        // A 1xx is interim to HTTP/1.1 clients: closing after it lets them fail at once instead of
        // waiting for a final response that never comes.
        response.closeConnection = response.status < 200
        return response
    }
}

extension ServerError.Code {
    /// A failure the request asked for with `x-set-response-fail-times`.
    static let injectedFailure = ServerError.Code("injectedFailure", status: 503)
}

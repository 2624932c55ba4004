import BoomerangExchange
import BoomerangSerialization

/// The echo endpoints: collects the body while it streams, then describes the whole request in
/// the negotiated format and answers as the response controls ask.
package struct EchoResponder: Responder {
    package let context: RequestContext
    /// The route, the configuration and the format: shared by the route's responders, so that a
    /// responder is three references and fits an existential's inline buffer (no box per request).
    private var endpoint: EchoEndpoint
    /// Nil for a `GET /get` without a body, `Content-Type` or `Content-Encoding`: its echo says
    /// nothing about a body, so none is collected. Boxed, so that the responder the router copies
    /// stays small; a shared box is copied before it changes.
    private var bodyBox: CollectorBox?

    package var route: EchoRoute { endpoint.route }
    package var configuration: EchoConfiguration { endpoint.configuration }

    /// The format to answer in when the request's controls name none, instead of `Accept`'s
    /// (a mock mapping's `echo: plist`).
    package var format: ResponseFormat? {
        get { endpoint.format }
        set { endpoint = EchoEndpoint(route: endpoint.route, configuration: endpoint.configuration, format: newValue) }
    }

    /// The collector as it is now.
    private var body: BodyCollector? { bodyBox?.collector }

    package init(context: RequestContext, route: EchoRoute, configuration: EchoConfiguration) {
        self.init(context: context, endpoint: EchoEndpoint(route: route, configuration: configuration))
    }

    /// A responder of a route registered once: `endpoint` is shared by all its requests.
    package init(context: RequestContext, endpoint: EchoEndpoint) {
        self.context = context
        self.endpoint = endpoint
        if endpoint.route == .get, context.head.framing == .none,
            EchoDocument.header("Content-Type", in: context.head.headers) == nil,
            EchoDocument.header("Content-Encoding", in: context.head.headers) == nil
        {
            bodyBox = nil
        } else {
            bodyBox = CollectorBox(BodyCollector(head: context.head, configuration: endpoint.configuration))
        }
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        if bodyBox == nil { bodyBox = CollectorBox(BodyCollector(head: context.head, configuration: configuration)) }
        updateBody { $0.receive(bytes) }
    }

    /// Changes the collector in a box of this responder's own.
    private mutating func updateBody<Result>(_ change: (inout BodyCollector) -> Result) -> Result? {
        if !isKnownUniquelyReferenced(&bodyBox), let shared = bodyBox { bodyBox = CollectorBox(shared.collector) }
        guard let box = bodyBox else { return nil }
        return change(&box.collector)
    }

    /// A multipart `Content-Type` without a usable boundary, in strict mode: 400 from the head
    /// alone, the body unread.
    package mutating func answerBeforeBody() throws(ServerError) -> Response? {
        guard let failure = body?.multipartSetupError else { return nil }
        let (_, controls, format) = try decisions()
        guard (controls.multipartMode ?? configuration.multipartMode) == .strict else { return nil }
        return try multipartRefusal(failure, format: format, bodyHash: nil)
    }

    /// Whether `x-set-response-fault` asks for `h2-window-stall`; an invalid control is answered
    /// once the body is complete, as any other. With `x-set-response-fail-times`, whose attempts
    /// are counted once the body is complete, the fault applies then, as a stall.
    package mutating func holdsBodyWindow() -> Bool {
        // Most uploads name no fault: the query is parsed again only when it may name one.
        let query = context.head.query
        guard context.head.headers[ResponseControls.faultName] != nil
            || query?.contains(ResponseControls.faultName) == true || query?.contains("%") == true
        else { return false }
        let controls = try? ResponseControls(
            query: EchoQuery(query ?? "").rawPairs, headers: context.head.headers,
            maxDelayMilliseconds: configuration.maxResponseDelayMilliseconds)
        return controls?.fault == .transport(.windowStall) && controls?.failTimes == nil
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        try finishTellingRefusal().response
    }

    /// The answer, and whether it is the strict refusal of a multipart body that does not parse
    /// (which a mock mapping's status must not turn into a success).
    package mutating func finishTellingRefusal() throws(ServerError) -> (response: Response, isRefusal: Bool) {
        let bodyHash = updateBody { $0.finish() } ?? nil
        let (query, controls, format) = try decisions()
        if let failure = body?.multipartFailure, (controls.multipartMode ?? configuration.multipartMode) == .strict {
            return (try multipartRefusal(failure, format: format, bodyHash: bodyHash), true)
        }
        return (try echo(query: query, controls: controls, format: format, bodyHash: bodyHash), false)
    }

    /// The request's response controls and the format to answer in.
    private func decisions() throws(ServerError) -> (EchoQuery, ResponseControls, ResponseFormat) {
        let head = context.head
        let query = EchoQuery(head.query ?? "")
        let controls: ResponseControls
        do {
            controls = try ResponseControls(
                query: query.rawPairs, headers: head.headers, maxDelayMilliseconds: configuration.maxResponseDelayMilliseconds)
        } catch {
            throw ServerError(.invalidControl, "\(error.name) was \"\(error.value)\"; expected \(error.expected)", value: error.value)
        }
        guard let format = controls.format ?? self.format
            ?? ResponseFormatNegotiator().negotiate(accept: EchoDocument.header("Accept", in: head.headers))
        else {
            let available = ResponseFormat.allCases.map { "\($0.mediaType)" }.joined(separator: ", ")
            throw ServerError(
                .notAcceptable, "no acceptable format; available: \(available)", value: head.headers["Accept"],
                headers: ["Vary": "Accept"])
        }
        return (query, controls, format)
    }

    private func echo(query: consuming EchoQuery, controls: ResponseControls, format: ResponseFormat, bodyHash: String?) throws(ServerError) -> Response {
        // The collector is read in its box: a copy of it (nil, most often) costs more than the reads.
        let box = bodyBox
        if route == .ip, query.rawPairs.last(where: { $0.name == "format" })?.value == "text" {
            // go-httpbin's plain-text form, for scripts: the address and a newline.
            return .text(EchoDocument.origin(context) + "\n")
        }
        var document = EchoDocument(context: context, route: route, query: query, body: box?.collector, bodyHash: bodyHash)
        var response = Response(status: controls.status ?? 200)
        // A request without a body is described by its head alone, which the history keeps: its
        // JSON echo is streamed without a tree. So is the JSON echo of a large JSON body, copied
        // into it as sent; the history decodes such a body from what it kept, if it kept it whole.
        // The others keep the tree for the history.
        // (`StructuredValue` is nil-literal expressible: spelled out, `nil` here would be `.null`.)
        let bodySize = box?.collector.size ?? 0
        if format == .json, let collector = box?.collector, BodyParts.takesJSONVerbatim(collector) {
            document.jsonVerbatim = true
            document.parts = BodyParts(body: collector, bodyHash: bodyHash, jsonVerbatim: true)
        }
        let tree: StructuredValue? = format == .json && (bodySize == 0 || document.jsonVerbatim) ? Optional.none : document.value
        // Kept body bytes appear about twice in the document (`data` and the decoded value), a
        // multipart body's once (as text, or 4/3 of it as a data URL).
        let kept = box?.collector.keptBytes ?? 0
        let estimate = (box?.collector.kind == .multipart ? kept + kept / 3 : 2 * kept) + 4096
        do {
            if let tree {
                response.body = try format.render(tree, capacity: estimate)
            } else {
                // A large JSON body: `data` holds it with its quotes escaped, `json` as it is.
                // Room that is never written costs no memory, a second array at the end costs all.
                response.body = try document.render(as: format, capacity: bodySize == 0 ? 1024 : estimate + kept / 2)
            }
        } catch {
            throw ServerError(.renderFailed, "the echo could not be rendered as \(format): \(error)")
        }
        if let contentType = controls.contentType {
            if !contentType.isEmpty { response.headers.add(name: "Content-Type", value: contentType) }
        } else {
            response.headers.add(name: "Content-Type", value: format.contentType)
        }
        response.headers.add(name: "X-Request-Id", value: context.requestID)
        if let tree {
            response.annotation = EchoRecord(
                document: tree, parts: box?.collector.multipart?.parts ?? [], bodySHA256: bodyHash, bodyKind: box?.collector.kind ?? .none)
        } else if let parts = document.parts {
            response.annotation = EchoRecord(
                document: document.withoutBodyValues(parts), parts: [], bodySHA256: bodyHash, bodyKind: box?.collector.kind ?? .none)
        } else {
            response.bodyReplay = EchoReplay(endpoint: endpoint)
        }
        response.delayMilliseconds = controls.delayMilliseconds
        if let times = controls.failTimes, let token = controls.failToken {
            let attempt = FailureCounter.shared.attempt(token)
            guard attempt <= times else {
                // The success says which attempt it was, as the failures do.
                response.headers.add(name: "X-Boomerang-Attempt", value: "\(attempt)")
                return response
            }
            guard let fault = controls.fault else {
                throw ServerError(
                    .injectedFailure,
                    "attempt \(attempt) of \(times) failing with token \(token); attempt \(times + 1) succeeds",
                    value: token, headers: ["Retry-After": "0", "X-Boomerang-Attempt": "\(attempt)"])
            }
            response.headers.add(name: "X-Boomerang-Attempt", value: "\(attempt)")
            fault.apply(to: &response)
            response.bodyReplay = nil
        } else if let fault = controls.fault {
            fault.apply(to: &response)
            response.bodyReplay = nil
        }
        // A 1xx is interim to HTTP/1.1 clients: closing after it lets them fail at once instead of
        // waiting for a final response that never comes.
        response.closeConnection = response.status < 200
        return response
    }

    /// The strict answer to a multipart body that does not parse: 400 with the parser's error
    /// (code, excerpt, byte offset), the parts seen before it (the one it broke off in marked
    /// `complete: false`) and the diagnostics, in the negotiated format. Without a hash the body
    /// was not read (the `Content-Type` alone was refused).
    private func multipartRefusal(
        _ failure: MultipartParserError,
        format: ResponseFormat,
        bodyHash: String?
    ) throws(ServerError) -> Response {
        // A multipart failure comes from a collector: the fallback is never taken.
        let body = self.body ?? BodyCollector(head: context.head, configuration: configuration)
        let parts = BodyParts(body: body, bodyHash: bodyHash)
        // LF line ends break a body at its first delimiter; that, not the missing end, is the cause.
        let lineFeeds = body.multipart?.findings.contains { $0.code == "multipartBareLineFeeds" } == true
        let cause = lineFeeds ? "its lines end in LF alone, where multipart requires CRLF" : failure.explanation
        var error = ServerError(
            ServerError.Code(failure.code.rawValue, status: 400),
            "the multipart body does not parse at byte \(failure.offset): \(cause); "
                + (bodyHash == nil ? "the body was not read; " : "the parts before it are in multipart.parts; ")
                + "\(ResponseControls.multipartModeName)=lenient answers 200 with diagnostics instead",
            value: String(decoding: failure.value, as: UTF8.self), offset: Int(failure.offset))
        error.documentFields["body"] = parts.bodySummary
        error.documentFields["diagnostics"] = .array(parts.diagnostics)
        if let multipart = parts.multipart { error.documentFields["multipart"] = multipart }
        var response = error.response(in: format)
        response.headers.add(name: "X-Request-Id", value: context.requestID)
        response.annotation = EchoRecord(
            document: error.document, parts: body.multipart?.parts ?? [], bodySHA256: bodyHash, bodyKind: body.kind)
        return response
    }
}

extension ServerError.Code {
    /// A failure the request asked for with `x-set-response-fail-times`.
    package static let injectedFailure = ServerError.Code("injectedFailure", status: 503)
}

/// What every responder of one echo route shares: immutable.
package final class EchoEndpoint: Sendable {
    package let route: EchoRoute
    package let configuration: EchoConfiguration
    package let format: ResponseFormat?

    package init(route: EchoRoute, configuration: EchoConfiguration, format: ResponseFormat? = nil) {
        self.route = route
        self.configuration = configuration
        self.format = format
    }
}

/// A body collector behind a reference (see `EchoResponder.bodyBox`).
private final class CollectorBox {
    var collector: BodyCollector

    init(_ collector: BodyCollector) {
        self.collector = collector
    }
}

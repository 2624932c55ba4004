import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// Answers a request whose head matched one or more mappings: keeps the body (up to the
/// buffered-body limit) when a body pattern or a template needs it, then answers with the first
/// candidate whose body patterns match and whose scenario step can be taken, or else with the
/// built-in route the request would have had. Every body byte also goes to the echo (for a
/// mapping that answers with it) and to the built-in responder, so either can answer in the end.
package struct MockResponder: Responder, RouteDeciding {
    private let candidates: [MockMapping]
    private let set: MappingSet
    private var subject: PatternSubject
    private let context: RequestContext
    private let store: MappingStore
    private let maxDelayMilliseconds: Int
    private let maxBodyBytes: Int
    private let keepsBody: Bool
    private var fallback: (any Responder)?
    private let fallbackRoute: String?
    private var echo: EchoResponder?
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    /// The route name of what answered, once ``finish(trailers:)`` has chosen.
    package private(set) var answeredRoute: String?

    /// - Parameters:
    ///   - candidates: the mappings whose head matched, in order (``MappingSet/candidates(for:states:)``).
    ///   - fallback: the built-in responder and its route name, for when no candidate's body matches.
    package init(
        candidates: [MockMapping], set: MappingSet, subject: PatternSubject, context: RequestContext, store: MappingStore,
        echoConfiguration: EchoConfiguration, fallback: (responder: any Responder, route: String?)?
    ) {
        self.candidates = candidates
        self.set = set
        self.subject = subject
        self.context = context
        self.store = store
        maxDelayMilliseconds = echoConfiguration.maxResponseDelayMilliseconds
        maxBodyBytes = echoConfiguration.maxBufferedBodyBytes
        keepsBody = candidates.contains { !$0.request.bodyPatterns.isEmpty || $0.response.isTemplate }
        self.fallback = fallback?.responder
        fallbackRoute = fallback?.route
        if candidates.contains(where: { $0.response.echoFormat != nil }) {
            echo = EchoResponder(context: context, route: .anything, configuration: echoConfiguration)
        }
        answeredRoute = candidates.count == 1 && candidates[0].scenario == nil ? candidates[0].routeName : nil
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        if keepsBody && !bodyTooLarge {
            if body.count + bytes.count > maxBodyBytes {
                bodyTooLarge = true
                body = []
            } else {
                body.append(contentsOf: bytes)
            }
        }
        echo?.receive(bytes)
        fallback?.receive(bytes)
    }

    /// When the head alone decides that a mapping's echo answers (its mapping has no body
    /// patterns and no scenario step), the echo's refusal from the head: a strict multipart
    /// `Content-Type` without a usable boundary is answered with 400 before any body byte, as the
    /// built-in echo routes answer it. The refusal is the server's, so the mapping's status and
    /// headers are not applied to it.
    package mutating func answerBeforeBody() throws(ServerError) -> Response? {
        guard let first = candidates.first, first.request.bodyPatterns.isEmpty, first.scenario == nil,
            case .some(let format) = first.response.echoFormat, echo != nil
        else { return nil }
        echo!.format = format
        return try echo!.answerBeforeBody()
    }

    /// Whether the mapping that answers asks for `h2-window-stall`, when the head alone decides
    /// it (no body patterns, no scenario step), or else the built-in route's request does.
    package mutating func holdsBodyWindow() -> Bool {
        guard let first = candidates.first else { return fallback?.holdsBodyWindow() ?? false }
        guard first.request.bodyPatterns.isEmpty, first.scenario == nil else { return false }
        if first.response.responseFault == .transport(.windowStall) { return true }
        if first.response.echoFormat != nil, echo != nil { return echo!.holdsBodyWindow() }
        return false
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        subject.body = bodyTooLarge ? nil : body
        var pending = candidates
        // Another loop may take a scenario step between the head and now: then choose again
        // from the states as they are (a bounded number of times).
        for _ in 0..<8 {
            var raced = false
            for mapping in pending where mapping.request.matchesBody(subject) {
                if let step = mapping.scenario,
                    !store.states.advance(step.name, session: subject.session, from: step.requiredState, to: step.newState)
                {
                    raced = true
                    continue
                }
                answeredRoute = mapping.routeName
                return try respond(with: mapping)
            }
            guard raced else { break }
            pending = set.candidates(for: subject, states: store.states)
        }
        answeredRoute = fallbackRoute
        guard var fallback else {
            throw ServerError(.notFound, "no mapping matched and no route answers \(subject.path)", value: String(subject.path))
        }
        return try fallback.finish(trailers: trailers)
    }

    package static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    private mutating func respond(with mapping: MockMapping) throws(ServerError) -> Response {
        let definition = mapping.response
        var response: Response
        var values: [String: Any]?
        func templateValues() -> [String: Any] {
            if let values { return values }
            let made = MockTemplateValues.make(
                subject: subject, pathParameters: mapping.request.pathParameterValues(subject.path), requestID: context.requestID)
            values = made
            return made
        }
        switch definition.body {
        case .bytes(let bytes):
            response = Response(status: definition.status ?? 200, body: bytes)
        case .template(let template):
            response = Response(status: definition.status ?? 200, body: Array(template.render(templateValues()).utf8))
        case .catalogue(let scenario):
            response = scenario.response
            if let status = definition.status { response.status = status }
        case .echo(let format):
            guard var echo else { throw ServerError(.renderFailed, "the echo was not prepared for mapping \(mapping.id)") }
            echo.format = format
            let answer = try echo.finishTellingRefusal()
            response = answer.response
            if let status = definition.status, !answer.isRefusal { response.status = status }
        }
        for name in Set(definition.headers.map { $0.name.lowercased() }) {
            response.headers.remove(name: name)
        }
        // The framing is the server's: it follows the body, the dribble and the fault.
        for header in definition.headers where !Self.framingHeaders.contains(header.name.lowercased()) {
            switch header.value {
            case .text(let text): response.headers.add(name: header.name, value: text)
            case .template(let template):
                let value = template.render(templateValues()).filter { $0 != "\r" && $0 != "\n" }
                response.headers.add(name: header.name, value: value)
            }
        }
        var random = SystemRandomNumberGenerator()
        if let milliseconds = definition.delay.draw(using: &random) {
            response.delayMilliseconds = min(milliseconds, maxDelayMilliseconds)
        }
        if let dribble = definition.dribble {
            response.bodyStream = DribbleStream(
                body: response.body, chunks: dribble.chunks, totalMilliseconds: min(dribble.milliseconds, maxDelayMilliseconds))
        }
        response.fault = definition.fault?.transportFault
        definition.responseFault?.apply(to: &response)
        // A 1xx is interim to HTTP/1.1 clients: closing after it lets them fail at once.
        response.closeConnection = response.status < 200
        // A fixed body is the mapping author's own, served as written (a page of theirs may run);
        // a template or the echo reflects the client's request, which a browser must never run.
        if case .bytes = definition.body, !definition.isTemplate { response.sendsSecurityHeaders = false }
        return response
    }
}

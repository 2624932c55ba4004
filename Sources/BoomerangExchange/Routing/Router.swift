import BoomerangSerialization
import BoomerangSettings

/// Picks the responder for a request head: the checks no route can override (`CONNECT`, `TRACE`,
/// the `*` and absolute-form targets), then the route table, on the path without its session
/// prefix (`/s/{name}/…`). Mock mappings come before the route table, except under a path a route
/// group owns; a 404 names the nearest mapping when there are mappings. What happens around the
/// answer (the history's recording, content codings, CORS fields) follows the chosen route's
/// ``RouteTraits``. Immutable; shared by every loop, and a class so that asking it for a responder
/// copies nothing.
public final class Router: Sendable {
    /// The routes.
    public let table: RouteTable
    /// What answers before the table: the mock mappings.
    let source: (any ResponderSource)?
    let coding: ContentCodingPolicy
    /// The CORS fields of the answers of routes with ``RouteTraits/crossOrigin``; nil for `cors: off`.
    private let cors: CORSFields?
    /// The largest request body a recorded exchange keeps; nil when nothing is recorded.
    private let recordedBodyBytes: Int?

    /// A router over `table`, with `source` consulted first for every path no group owns.
    ///
    /// - Parameters:
    ///   - recordedBodyBytes: the largest request body a recorded exchange keeps whole; nil when
    ///     there is no history, and nothing is recorded.
    public init(
        table: RouteTable, source: (any ResponderSource)? = nil, coding: ContentCodingPolicy, cors: ServerSettings.CORS,
        recordedBodyBytes: Int?
    ) {
        self.table = table
        self.source = source
        self.coding = coding
        self.cors = CORSFields(cors)
        self.recordedBodyBytes = recordedBodyBytes
    }


    public func responder(for context: RequestContext) -> RoutedResponder {
        let choice = choose(for: context)
        let route = choice.route
        let traits = choice.traits
        var recording: ExchangeRecording?
        if let recordedBodyBytes, choice.pathSession != nil || traits.contains(.recorded), !Self.isPageFetch(traits, context.head) {
            recording = ExchangeRecording(
                routedPath: choice.routedPath, pathSession: choice.pathSession, maxBodyBytes: recordedBodyBytes,
                hashesOverflow: !traits.contains(.hashesBodies))
        }
        // The choice's last use: its responder moves into the routed one instead of being copied.
        var routed = RoutedResponder(responder: choice.responder, route: route)
        routed.isDecidedByBody = choice.isDecidedByBody
        // Set only when there is one: storing nil costs the destruction of the nil stored before.
        if traits.contains(.contentCoded), ContentCodingStage.isNeeded(for: context.head, policy: self.coding) {
            routed.coding = ContentCodingStage(
                head: context.head, decodesRequestBody: !traits.contains(.rawRequestBody), policy: self.coding)
        }
        routed.recording = recording
        if traits.contains(.crossOrigin) { routed.cors = cors }
        return routed
    }

    /// Whether a request is the web page's own: a `GET` or `HEAD` of a route the page fetches with
    /// ``RouteTraits/pageMarker``, and, when the browser says where the fetch came from
    /// (`Sec-Fetch-Site`, which scripts cannot set), from the page's own origin. A client has to
    /// send the field on purpose to go unrecorded, only on such a route, and a page of another site
    /// cannot. The traits are read first: other requests pay for no field lookup.
    public static func isPageFetch(_ traits: RouteTraits, _ head: HTTPRequestHead) -> Bool {
        guard traits.contains(.fetchedByPage), head.method == .get || head.method == .head else { return false }
        guard let marker = head.headers[RouteTraits.pageMarker], !marker.isEmpty else { return false }
        guard let site = head.headers["Sec-Fetch-Site"] else { return true }
        return site.lowercased() == "same-origin"
    }

    private func choose(for context: RequestContext) -> RoutingChoice {
        let head = context.head
        let method = head.method
        if method == .connect || method == .trace {
            return RoutingChoice(
                responder: ErrorResponder(error: ServerError(.methodNotImplemented, "\(method) is not served", value: method.rawValue)),
                traits: unroutedTraits(head.path), routedPath: head.path)
        }
        if head.target == "*" {
            guard method == .options else {
                return RoutingChoice(
                    responder: ErrorResponder(error: ServerError(.invalidTarget, "`*` is only valid with OPTIONS", value: "*")),
                    traits: unroutedTraits(head.path), routedPath: head.path)
            }
            return RoutingChoice(
                responder: FixedResponder(.options(allow: RouteTable.allowValue(RouteTable.knownMethods))), traits: unroutedTraits(head.path),
                routedPath: head.path)
        }
        guard head.target.utf8.first == UInt8(ascii: "/") else {
            let error = ServerError(
                .absoluteFormNotServed, "Boomerang is not a proxy: send the request target in origin form (`/path`)",
                value: head.target)
            return RoutingChoice(responder: ErrorResponder(error: error), traits: unroutedTraits(head.path), routedPath: head.path)
        }
        var path = head.path
        var pathSession: Substring?
        if let split = SessionName.splitPrefix(path) {
            pathSession = split.name
            path = split.rest
            if let traits = table.owningTraits(of: path) {
                let error = ServerError(.notFound, "the admin API is not served under a session prefix", value: String(head.path))
                return RoutingChoice(responder: ErrorResponder(error: error), traits: traits, routedPath: path, pathSession: pathSession)
            }
        }
        // The owned prefixes first: a source that falls back to the table runs the route's handler,
        // which must run once per request (a DELETE deletes).
        if let source, !source.isEmpty, table.owningTraits(of: path) == nil,
            let choice = source.choose(SourceRequest(context: context, path: path, pathSession: pathSession, router: self))
        {
            return choice
        }
        return resolveTable(context: context, path: path, pathSession: pathSession)
    }

    @inline(__always)
    func resolveTable(context: RequestContext, path: Substring, pathSession: Substring?) -> RoutingChoice {
        switch table.resolve(method: context.head.method, path: path) {
        case .route(let route, let parameters):
            do {
                let responder = try route.handler(RouteRequest(context: context, parameters: parameters))
                return RoutingChoice(responder: responder, route: route.name, traits: route.traits, routedPath: path, pathSession: pathSession)
            } catch {
                return RoutingChoice(
                    responder: ErrorResponder(error: error), route: route.name, traits: route.traits, routedPath: path, pathSession: pathSession,
                    refusal: error)
            }
        case .options(let allow):
            return RoutingChoice(responder: FixedResponder(.options(allow: allow)), traits: unroutedTraits(path), routedPath: path, pathSession: pathSession)
        case .refused(let error):
            return RoutingChoice(
                responder: ErrorResponder(error: error), traits: unroutedTraits(path), routedPath: path, pathSession: pathSession, refusal: error)
        }
    }

    /// The traits of a request no route answers: its path's owning group's, else a product route's.
    func unroutedTraits(_ path: Substring) -> RouteTraits {
        table.owningTraits(of: path) ?? .product
    }
}

extension Response {
    /// The answer to an `OPTIONS` request that no route answers itself.
    public static func options(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"])
    }
}

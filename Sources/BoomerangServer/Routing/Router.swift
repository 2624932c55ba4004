import BoomerangSerialization
import BoomerangSettings

/// Picks the responder for a request head: the checks no route can override (`CONNECT`, `TRACE`,
/// the `*` and absolute-form targets), then the route table, on the path without its session
/// prefix (`/s/{name}/…`). Mock mappings come before the route table, except under a path a route
/// group owns; a 404 names the nearest mapping when there are mappings. What happens around the
/// answer (the history's recording, content codings, CORS fields) follows the chosen route's
/// ``RouteTraits``. Immutable; shared by every loop, and a class so that asking it for a responder
/// copies nothing.
final class Router: Sendable {
    let table: RouteTable
    let history: HistoryStore?
    let mappings: MappingStore?
    private let echoConfiguration: EchoConfiguration
    let coding: ContentCodingPolicy
    /// The CORS fields of every answer but the admin API's and the page's; nil for `cors: off`.
    private let cors: CORSFields?

    init(settings: ServerSettings, history: HistoryStore? = nil, mappings: MappingStore? = nil, status: ServerStatus? = nil) {
        let status =
            status
            ?? ServerStatus(
                metrics: ServerMetrics(startedAt: WallClock.now()), connections: ConnectionBudget(limit: settings.maxConnections),
                history: history, threads: settings.loopCount, startedAt: MonotonicClock.nanoseconds(), startedAtWallClock: WallClock.now())
        var table = RouteTable()
        let access = AdminAccess(settings: settings)
        let httpbin = HttpbinConfiguration(settings: settings)
        if settings.profile == .firewalk {
            var firewalk = RouteGroup("firewalk", traits: .product)
            FirewalkRoutes.register(in: &firewalk, configuration: httpbin)
            table.add(firewalk)
        }
        var websocket = RouteGroup("websocket", traits: .product)
        WebSocketRoutes.register(in: &websocket, configuration: httpbin)
        table.add(websocket)
        var echo = RouteGroup("echo", traits: [.product, .hashesBodies])
        EchoRoutes.register(in: &echo, configuration: EchoConfiguration(settings: settings))
        table.add(echo)
        ScenarioRoutes.register(in: &table)
        HttpbinRoutes.register(in: &table, configuration: httpbin)
        // The admin API: never recorded (unless under a session prefix, where it is refused), never
        // coded, no CORS fields; its own path prefix, where mock mappings never answer.
        var admin = RouteGroup("admin", traits: [], pathPrefix: "/__admin") { request throws(ServerError) in
            try access.check(request.head)
        }
        var probes = RouteGroup("admin", traits: [], pathPrefix: "/__admin")
        MappingAdminRoutes.register(in: &admin, store: mappings)
        AdminRoutes.register(in: &admin, history: history)
        let catalog = OperationsRoutes.Catalog()
        OperationsRoutes.register(open: &probes, guarded: &admin, status: status, catalog: catalog, mappings: mappings)
        table.add(admin)
        table.add(probes)
        let files = StaticFiles(directory: settings.publicDirectory)
        let described = table.routes + StaticFileRoutes.group(files: files, listing: { Response(status: 200) }).routes
        let listing = RouteListing.Rendered(described)
        table.add(StaticFileRoutes.group(files: files, listing: { listing.response }))
        catalog.publish(table.routes)
        self.table = table
        self.history = history
        self.mappings = mappings
        echoConfiguration = EchoConfiguration(settings: settings)
        coding = ContentCodingPolicy(settings: settings)
        cors = CORSFields(settings.cors)
    }

    /// What answers a request, and what the history needs to know of that choice.
    private struct Choice {
        var responder: any Responder
        var route: String? = nil
        /// The chosen route's traits; for a request no route answers, those of the group that owns
        /// its path, else a product route's.
        var traits: RouteTraits = .product
        /// Whether a mock mapping answers, which may hand the request to the built-in route once it
        /// has read the body (``RouteDeciding``).
        var isMapping = false
        var routedPath: Substring
        var pathSession: Substring? = nil
        /// The error the responder answers with, when the route table refused the request or its
        /// route threw.
        var refusal: ServerError? = nil
    }

    func responder(for context: RequestContext) -> RoutedResponder {
        let choice = choose(for: context)
        let route = choice.route
        let traits = choice.traits
        var recording: ExchangeRecording?
        if let history, choice.pathSession != nil || traits.contains(.recorded), !Self.isPageFetch(traits, context.head) {
            recording = ExchangeRecording(
                routedPath: choice.routedPath, pathSession: choice.pathSession, maxBodyBytes: history.configuration.maxHistoryBodyBytes,
                hashesOverflow: !traits.contains(.hashesBodies))
        }
        // The choice's last use: its responder moves into the routed one instead of being copied.
        var routed = RoutedResponder(responder: choice.responder, route: route)
        routed.isDecidedByBody = choice.isMapping
        // Set only when there is one: storing nil costs the destruction of the nil stored before.
        if traits.contains(.contentCoded), ContentCodingStage.isNeeded(for: context.head, policy: self.coding) {
            routed.coding = ContentCodingStage(head: context.head, routeName: route, policy: self.coding)
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
    static func isPageFetch(_ traits: RouteTraits, _ head: HTTPRequestHead) -> Bool {
        guard traits.contains(.fetchedByPage), head.method == .get || head.method == .head else { return false }
        guard let marker = head.headers[RouteTraits.pageMarker], !marker.isEmpty else { return false }
        guard let site = head.headers["Sec-Fetch-Site"] else { return true }
        return site.lowercased() == "same-origin"
    }

    private func choose(for context: RequestContext) -> Choice {
        let head = context.head
        let method = head.method
        if method == .connect || method == .trace {
            return Choice(
                responder: ErrorResponder(error: ServerError(.methodNotImplemented, "\(method) is not served", value: method.rawValue)),
                traits: unroutedTraits(head.path), routedPath: head.path)
        }
        if head.target == "*" {
            guard method == .options else {
                return Choice(
                    responder: ErrorResponder(error: ServerError(.invalidTarget, "`*` is only valid with OPTIONS", value: "*")),
                    traits: unroutedTraits(head.path), routedPath: head.path)
            }
            return Choice(
                responder: FixedResponder(.options(allow: RouteTable.allowValue(RouteTable.knownMethods))), traits: unroutedTraits(head.path),
                routedPath: head.path)
        }
        guard head.target.utf8.first == UInt8(ascii: "/") else {
            let error = ServerError(
                .absoluteFormNotServed, "Boomerang is not a proxy: send the request target in origin form (`/path`)",
                value: head.target)
            return Choice(responder: ErrorResponder(error: error), traits: unroutedTraits(head.path), routedPath: head.path)
        }
        var path = head.path
        var pathSession: Substring?
        if let split = SessionName.splitPrefix(path) {
            pathSession = split.name
            path = split.rest
            if let traits = table.owningTraits(of: path) {
                let error = ServerError(.notFound, "the admin API is not served under a session prefix", value: String(head.path))
                return Choice(responder: ErrorResponder(error: error), traits: traits, routedPath: path, pathSession: pathSession)
            }
        }
        if let mappings {
            let set = mappings.current
            if !set.mappings.isEmpty, table.owningTraits(of: path) == nil {
                if set.mayMatch(method: method.rawValue, path: path) {
                    return chooseMapping(set, mappings, context: context, path: path, pathSession: pathSession)
                }
                return withNearMiss(resolveTable(context: context, path: path, pathSession: pathSession), set, mappings) {
                    Self.subject(context.head, path: path, pathSession: pathSession)
                }
            }
        }
        return resolveTable(context: context, path: path, pathSession: pathSession)
    }

    /// A mapping when one's head matches (the body may still hand the request to the built-in
    /// route); else the route table, with a near-miss 404.
    private func chooseMapping(
        _ set: MappingSet, _ store: MappingStore, context: RequestContext, path: Substring, pathSession: Substring?
    ) -> Choice {
        let head = context.head
        let subject = Self.subject(head, path: path, pathSession: pathSession)
        var candidates = set.candidates(for: subject, states: store.states)
        if candidates.isEmpty && head.method == .head {
            // As the route table does, a GET mapping answers HEAD (without its body).
            var asGet = subject
            asGet.method = HTTPMethod.get.rawValue
            candidates = set.candidates(for: asGet, states: store.states)
        }
        guard let last = candidates.last else {
            return withNearMiss(resolveTable(context: context, path: path, pathSession: pathSession), set, store) { subject }
        }
        var fallback: (responder: any Responder, route: String?)?
        if !last.request.bodyPatterns.isEmpty {
            let builtIn = withNearMiss(resolveTable(context: context, path: path, pathSession: pathSession), set, store) { subject }
            fallback = (builtIn.responder, builtIn.route)
        }
        let responder = MockResponder(
            candidates: candidates, set: set, subject: subject, context: context, store: store, echoConfiguration: echoConfiguration,
            fallback: fallback)
        return Choice(responder: responder, route: candidates[0].routeName, isMapping: true, routedPath: path, pathSession: pathSession)
    }

    /// What the mappings match a request head against.
    private static func subject(_ head: HTTPRequestHead, path: Substring, pathSession: Substring?) -> PatternSubject {
        PatternSubject(
            method: head.method.rawValue, path: path, query: head.query, headers: head.headers, body: nil,
            session: SessionName.resolve(pathSession: pathSession, headers: head.headers))
    }

    /// The table's 404, made to name the nearest mapping.
    private func withNearMiss(_ choice: consuming Choice, _ set: MappingSet, _ store: MappingStore, _ subject: () -> PatternSubject) -> Choice {
        guard let refusal = choice.refusal, refusal.code == .notFound else { return choice }
        var nearMiss = choice
        nearMiss.responder = NearMissResponder(
            error: refusal, set: set, states: store.states, subject: subject(), maxBodyBytes: echoConfiguration.maxBufferedBodyBytes)
        return nearMiss
    }

    private func resolveTable(context: RequestContext, path: Substring, pathSession: Substring?) -> Choice {
        switch table.resolve(method: context.head.method, path: path) {
        case .route(let route, let parameters):
            do {
                let responder = try route.handler(RouteRequest(context: context, parameters: parameters))
                return Choice(responder: responder, route: route.name, traits: route.traits, routedPath: path, pathSession: pathSession)
            } catch {
                return Choice(
                    responder: ErrorResponder(error: error), route: route.name, traits: route.traits, routedPath: path, pathSession: pathSession,
                    refusal: error)
            }
        case .options(let allow):
            return Choice(responder: FixedResponder(.options(allow: allow)), traits: unroutedTraits(path), routedPath: path, pathSession: pathSession)
        case .refused(let error):
            return Choice(
                responder: ErrorResponder(error: error), traits: unroutedTraits(path), routedPath: path, pathSession: pathSession, refusal: error)
        }
    }

    /// The traits of a request no route answers: its path's owning group's, else a product route's.
    private func unroutedTraits(_ path: Substring) -> RouteTraits {
        table.owningTraits(of: path) ?? .product
    }
}

extension Response {
    /// The answer to an `OPTIONS` request that no route answers itself.
    static func options(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"])
    }
}

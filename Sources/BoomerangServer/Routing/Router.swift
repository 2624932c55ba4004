import BoomerangSerialization

/// Picks the responder for a request head: the checks no route can override (`CONNECT`, `TRACE`,
/// the `*` and absolute-form targets), then the route table, on the path without its session
/// prefix (`/s/{name}/…`). Mock mappings come before the route table; a 404 names the nearest
/// mapping when there are mappings. Every exchange but the admin API's and the web page's (its
/// files, and its fetches marked with ``ExchangeRecording/pageMarker``) is recorded when there is
/// a history. Immutable; shared by every loop, and a class so that asking
/// it for a responder copies nothing.
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
        MappingAdminRoutes.register(in: &table, store: mappings, access: access)
        if settings.profile == .firewalk {
            FirewalkRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        }
        WebSocketRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        EchoRoutes.register(in: &table, configuration: EchoConfiguration(settings: settings))
        ScenarioRoutes.register(in: &table)
        HttpbinRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        AdminRoutes.register(in: &table, history: history, access: access)
        let catalog = OperationsRoutes.Catalog()
        OperationsRoutes.register(in: &table, status: status, access: access, catalog: catalog, mappings: mappings)
        let files = StaticFiles(directory: settings.publicDirectory)
        let described = table.routes + StaticFileRoutes.routes(files: files, listing: { Response(status: 200) })
        let listing = RouteListing.Rendered(described)
        for route in StaticFileRoutes.routes(files: files, listing: { listing.response }) {
            table.add(route)
        }
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
        var routedPath: Substring
        var pathSession: Substring? = nil
        /// The error the responder answers with, when the route table refused the request or its
        /// route threw.
        var refusal: ServerError? = nil
    }

    func responder(for context: RequestContext) -> RoutedResponder {
        let choice = choose(for: context)
        let route = choice.route
        let isInspectionTool = Self.isInspectionTool(choice)
        var recording: ExchangeRecording?
        if let history, choice.pathSession != nil || !isInspectionTool, !ExchangeRecording.isPageFetch(route: route, context.head) {
            recording = ExchangeRecording(
                route: route, routedPath: choice.routedPath, pathSession: choice.pathSession,
                maxBodyBytes: history.configuration.maxHistoryBodyBytes)
        }
        // The choice's last use: its responder moves into the routed one instead of being copied.
        var routed = RoutedResponder(responder: choice.responder, route: route)
        // Set only when there is one: storing nil costs the destruction of the nil stored before.
        if route?.hasASCIIPrefix("admin.") != true, ContentCodingStage.isNeeded(for: context.head, policy: self.coding) {
            routed.coding = ContentCodingStage(head: context.head, routeName: route, policy: self.coding)
        }
        routed.recording = recording
        if !isInspectionTool { routed.cors = cors }
        return routed
    }

    /// The admin API and the web page's own files, which the history does not record (unless
    /// asked for under a session prefix).
    private static func isInspectionTool(_ choice: Choice) -> Bool {
        if let route = choice.route { return route.hasASCIIPrefix("admin.") || route.hasASCIIPrefix("page.") }
        return AdminRoutes.isAdminPath(choice.routedPath)
    }

    private func choose(for context: RequestContext) -> Choice {
        let head = context.head
        let method = head.method
        if method == .connect || method == .trace {
            return Choice(
                responder: ErrorResponder(error: ServerError(.methodNotImplemented, "\(method) is not served", value: method.rawValue)),
                routedPath: head.path)
        }
        if head.target == "*" {
            guard method == .options else {
                return Choice(
                    responder: ErrorResponder(error: ServerError(.invalidTarget, "`*` is only valid with OPTIONS", value: "*")),
                    routedPath: head.path)
            }
            return Choice(responder: FixedResponder(.options(allow: RouteTable.allowValue(RouteTable.knownMethods))), routedPath: head.path)
        }
        guard head.target.utf8.first == UInt8(ascii: "/") else {
            let error = ServerError(
                .absoluteFormNotServed, "Boomerang is not a proxy: send the request target in origin form (`/path`)",
                value: head.target)
            return Choice(responder: ErrorResponder(error: error), routedPath: head.path)
        }
        var path = head.path
        var pathSession: Substring?
        if let split = SessionName.splitPrefix(path) {
            pathSession = split.name
            path = split.rest
            if AdminRoutes.isAdminPath(path) {
                let error = ServerError(.notFound, "the admin API is not served under a session prefix", value: String(head.path))
                return Choice(responder: ErrorResponder(error: error), routedPath: path, pathSession: pathSession)
            }
        }
        if let mappings, !AdminRoutes.isAdminPath(path) {
            let set = mappings.current
            if !set.mappings.isEmpty {
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
        return Choice(responder: responder, route: candidates[0].routeName, routedPath: path, pathSession: pathSession)
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
                return Choice(responder: responder, route: route.name, routedPath: path, pathSession: pathSession)
            } catch {
                return Choice(
                    responder: ErrorResponder(error: error), route: route.name, routedPath: path, pathSession: pathSession, refusal: error)
            }
        case .options(let allow):
            return Choice(responder: FixedResponder(.options(allow: allow)), routedPath: path, pathSession: pathSession)
        case .refused(let error):
            return Choice(responder: ErrorResponder(error: error), routedPath: path, pathSession: pathSession, refusal: error)
        }
    }
}

extension Response {
    /// The answer to an `OPTIONS` request that no route answers itself.
    static func options(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"])
    }
}

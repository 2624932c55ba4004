import BoomerangSerialization

/// Picks the responder for a request head: the checks no route can override (`CONNECT`, `TRACE`,
/// the `*` and absolute-form targets), then the route table, on the path without its session
/// prefix (`/s/{name}/…`). Every exchange but the admin API's and the web page's is recorded
/// when there is a history. Immutable; shared by every loop.
struct Router: Sendable {
    let table: RouteTable
    let history: HistoryStore?

    init(settings: ServerSettings, history: HistoryStore? = nil) {
        var table = RouteTable()
        if settings.profile == .firewalk {
            FirewalkRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        }
        WebSocketRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        EchoRoutes.register(in: &table, configuration: EchoConfiguration(settings: settings))
        ScenarioRoutes.register(in: &table)
        HttpbinRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        AdminRoutes.register(in: &table, history: history, access: AdminAccess(settings: settings))
        let files = StaticFiles(directory: settings.publicDirectory)
        let described = table.routes + StaticFileRoutes.routes(files: files, listing: Response(status: 200))
        for route in StaticFileRoutes.routes(files: files, listing: RouteListing.response(described)) {
            table.add(route)
        }
        self.table = table
        self.history = history
    }

    /// What answers a request, and what the history needs to know of that choice.
    private struct Choice {
        var responder: any Responder
        var route: String? = nil
        var routedPath: Substring
        var pathSession: Substring? = nil
    }

    func responder(for context: RequestContext) -> any Responder {
        var choice = choose(for: context)
        let isInspectionTool = Self.isInspectionTool(choice)
        if !isInspectionTool {
            choice.responder = CORSResponder(choice.responder, head: context.head)
        }
        guard let history, choice.pathSession != nil || !isInspectionTool else {
            return choice.responder
        }
        return RecordingResponder(
            inner: choice.responder, route: choice.route, routedPath: choice.routedPath, pathSession: choice.pathSession,
            maxBodyBytes: history.configuration.maxHistoryBodyBytes)
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
        switch table.resolve(method: method, path: path) {
        case .route(let route, let parameters):
            do {
                let responder = try route.handler(RouteRequest(context: context, parameters: parameters))
                return Choice(responder: responder, route: route.name, routedPath: path, pathSession: pathSession)
            } catch {
                return Choice(responder: ErrorResponder(error: error), route: route.name, routedPath: path, pathSession: pathSession)
            }
        case .options(let allow):
            return Choice(responder: FixedResponder(.options(allow: allow)), routedPath: path, pathSession: pathSession)
        case .refused(let error):
            return Choice(responder: ErrorResponder(error: error), routedPath: path, pathSession: pathSession)
        }
    }
}

extension Response {
    /// The answer to an `OPTIONS` request that no route answers itself.
    static func options(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"])
    }
}

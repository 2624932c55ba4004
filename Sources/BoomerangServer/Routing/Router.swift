import BoomerangSerialization

/// Picks the responder for a request head: the checks no route can override (`CONNECT`, `TRACE`,
/// the `*` and absolute-form targets), then the route table. Immutable; shared by every loop.
struct Router: Sendable {
    let table: RouteTable

    init(settings: ServerSettings) {
        var table = RouteTable()
        EchoRoutes.register(in: &table, configuration: EchoConfiguration(settings: settings))
        ScenarioRoutes.register(in: &table)
        HttpbinRoutes.register(in: &table, configuration: HttpbinConfiguration(settings: settings))
        let files = StaticFiles(directory: settings.publicDirectory)
        let described = table.routes + StaticFileRoutes.routes(files: files, listing: Response(status: 200))
        for route in StaticFileRoutes.routes(files: files, listing: RouteListing.response(described)) {
            table.add(route)
        }
        self.table = table
    }

    func responder(for context: RequestContext) -> any Responder {
        let head = context.head
        let method = head.method
        if method == .connect || method == .trace {
            return ErrorResponder(error: ServerError(.methodNotImplemented, "\(method) is not served", value: method.rawValue))
        }
        if head.target == "*" {
            guard method == .options else {
                return ErrorResponder(error: ServerError(.invalidTarget, "`*` is only valid with OPTIONS", value: "*"))
            }
            return FixedResponder(.options(allow: RouteTable.allowValue(RouteTable.knownMethods)))
        }
        guard head.target.utf8.first == UInt8(ascii: "/") else {
            return ErrorResponder(
                error: ServerError(
                    .absoluteFormNotServed, "Boomerang is not a proxy: send the request target in origin form (`/path`)",
                    value: head.target))
        }
        switch table.resolve(method: method, path: head.path) {
        case .route(let route, let parameters):
            do {
                return try route.handler(RouteRequest(context: context, parameters: parameters))
            } catch {
                return ErrorResponder(error: error)
            }
        case .options(let allow):
            return FixedResponder(.options(allow: allow))
        case .refused(let error):
            return ErrorResponder(error: error)
        }
    }
}

extension Response {
    /// The answer to an `OPTIONS` request that no route answers itself.
    static func options(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"])
    }
}

import BoomerangEcho
import BoomerangExchange
import BoomerangHistory
import BoomerangLibevent
import BoomerangMocks
import BoomerangOperations
import BoomerangRuntime
import BoomerangSettings
import BoomerangTLSScenarios
import BoomerangWire

/// The composition of the route table: every domain's route groups, in the order they are tried,
/// and the router over them with the mock mappings as its first source.
enum ServerRoutes {
    /// The router of a server with `settings`; without a history nothing is recorded, without
    /// mappings no mock answers.
    static func router(
        settings: ServerSettings, history: HistoryStore? = nil, mappings: MappingStore? = nil, status: ServerStatus? = nil,
        tls: ServerTLS = ServerTLS()
    ) -> Router {
        let status =
            status
            ?? ServerStatus(
                metrics: ServerMetrics(startedAt: WallClock.now()), openConnections: { 0 },
                history: history, threads: settings.loopCount, startedAt: MonotonicClock.nanoseconds(), startedAtWallClock: WallClock.now())
        let echo = EchoConfiguration(settings: settings)
        return Router(
            table: table(settings: settings, echo: echo, history: history, mappings: mappings, status: status, tls: tls),
            source: mappings.map { MappingSource(store: $0, echoConfiguration: echo) }, coding: ContentCodingPolicy(settings: settings),
            cors: settings.cors, recordedBodyBytes: history?.configuration.maxHistoryBodyBytes)
    }

    /// Every route: the product's groups first, then the admin API and the page.
    static func table(
        settings: ServerSettings, echo echoConfiguration: EchoConfiguration, history: HistoryStore?, mappings: MappingStore?, status: ServerStatus,
        tls: ServerTLS = ServerTLS()
    ) -> RouteTable {
        var table = RouteTable()
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
        EchoRoutes.register(in: &echo, configuration: echoConfiguration)
        table.add(echo)
        var secure = RouteGroup("tls", traits: .product)
        TLSRoutes.register(product: &secure) { tls.httpsPort }
        table.add(secure)
        ScenarioRoutes.register(in: &table)
        HttpbinRoutes.register(in: &table, configuration: httpbin)
        // The admin API: never recorded (unless under a session prefix, where it is refused), never
        // coded, no CORS fields; its own path prefix, where mock mappings never answer.
        let access = AdminAccess(settings: settings)
        var admin = RouteGroup("admin", traits: [], pathPrefix: "/__admin") { request throws(ServerError) in
            try access.check(request.context)
        }
        var probes = RouteGroup("admin", traits: [], pathPrefix: "/__admin")
        MappingAdminRoutes.register(in: &admin, store: mappings)
        AdminRoutes.register(in: &admin, history: history)
        TLSRoutes.register(admin: &admin) { tls.listing }
        let catalog = OperationsRoutes.Catalog()
        OperationsRoutes.register(open: &probes, guarded: &admin, status: status, catalog: catalog, mappings: mappings)
        table.add(admin)
        table.add(probes)
        let files = StaticFiles(directory: settings.publicDirectory)
        let described = table.routes + StaticFileRoutes.group(files: files, listing: { Response(status: 200) }).routes
        let listing = RouteListing.Rendered(described)
        table.add(StaticFileRoutes.group(files: files, listing: { listing.response }))
        catalog.publish(table.routes)
        return table
    }
}

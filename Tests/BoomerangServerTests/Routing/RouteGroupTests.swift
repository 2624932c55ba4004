import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings
import Testing

@testable import BoomerangHistory
@testable import BoomerangServer

@Suite struct RouteGroupTests {
    static let ok: Route.Handler = { _ in FixedResponder(Response(status: 200)) }

    static func request(_ target: String, headers: HTTPHeaders = ["Host": "localhost"]) -> RouteRequest {
        let head = HTTPRequestHead(method: .get, target: target, headers: headers)
        let context = RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "1", loopIndex: 0, receivedAt: 0)
        return RouteRequest(context: context, parameters: RouteParameters())
    }

    @Test func routesTakeTheGroupsNamePrefixAndTraits() {
        var group = RouteGroup("sample", traits: [.recorded, .hashesBodies])
        group.add("one", .only([.get]), "/one", summary: "", handler: Self.ok)
        group.add("two", .any, "/two/{rest...}", summary: "", handler: Self.ok)
        var table = RouteTable()
        table.add(group)
        #expect(table.routes.map(\.name) == ["sample.one", "sample.two"])
        #expect(table.routes.allSatisfy { $0.traits == [.recorded, .hashesBodies] })
    }

    @Test func theGuardRunsBeforeEveryRouteOfItsGroup() throws {
        var group = RouteGroup("guarded", traits: []) { request throws(ServerError) in
            guard request.head.headers["Authorization"] == "yes" else { throw ServerError(.adminTokenRequired, "no") }
        }
        group.add("one", .only([.get]), "/one", summary: "", handler: Self.ok)
        let route = try #require(group.routes.first)
        #expect(throws: ServerError.self) { try route.handler(Self.request("/one")) }
        #expect((try? route.handler(Self.request("/one", headers: ["Authorization": "yes"]))) != nil)
    }

    @Test func aGroupOwnsItsPrefixAndWhatIsBelowItOnly() {
        var table = RouteTable()
        table.add(RouteGroup("owner", traits: [.contentCoded], pathPrefix: "/__own"))
        table.add(RouteGroup("other", traits: .product))
        #expect(table.owningTraits(of: "/__own") == [.contentCoded])
        #expect(table.owningTraits(of: "/__own/") == [.contentCoded])
        #expect(table.owningTraits(of: "/__own/a/b") == [.contentCoded])
        #expect(table.owningTraits(of: "/__owner") == nil)
        #expect(table.owningTraits(of: "/__ow") == nil)
        #expect(table.owningTraits(of: "/get") == nil)
    }

    /// The server's own table: policy is declared by group, so every route of a group has its traits.
    @Test func theServersGroupsDeclareTheirPolicy() {
        let router = ServerRoutes.router(settings: ServerSettings())
        for route in router.table.routes {
            let group = route.name.prefix { $0 != "." }
            switch group {
            case "admin": #expect(route.traits == [], "\(route.name)")
            case "page": #expect(route.traits == [.contentCoded], "\(route.name)")
            case "echo": #expect(route.traits == [.product, .hashesBodies], "\(route.name)")
            default: #expect(route.traits.isSuperset(of: .product), "\(route.name)")
            }
        }
        #expect(router.table.routes.filter { $0.traits.contains(.fetchedByPage) }.map(\.name) == ["scenarios.list", "scenarios.list"])
        #expect(router.table.owningTraits(of: "/__admin/requests") == [])
    }

    /// What happens around an answer follows the chosen route's traits, and a path the admin group
    /// owns keeps its traits when no route answers it.
    @Test func theRouterFollowsTheChosenRoutesTraits() {
        let settings = ServerSettings()
        let history = HistoryStore(configuration: HistoryConfiguration(settings: settings))
        let router = ServerRoutes.router(settings: settings, history: history)
        func routed(_ target: String, _ headers: HTTPHeaders = ["Host": "localhost"]) -> RoutedResponder {
            let head = HTTPRequestHead(method: .get, target: target, headers: headers)
            return router.responder(for: RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "1", loopIndex: 0, receivedAt: 0))
        }
        let echo = routed("/get")
        #expect(echo.recording != nil && echo.cors != nil)
        for target in ["/__admin/requests", "/__admin/no-such-thing", "/__admin"] {
            let admin = routed(target)
            #expect(admin.recording == nil && admin.cors == nil, "\(target)")
        }
        let page = routed("/ui/app.js")
        #expect(page.recording == nil && page.cors == nil)
        // Under a session prefix every route is recorded, the page's too.
        #expect(routed("/s/demo/ui/app.js").recording != nil)
        // The page's own fetch of the catalogue is not recorded; anyone else's is.
        #expect(routed("/scenarios", ["Host": "localhost", RouteTraits.pageMarker: "1"]).recording == nil)
        #expect(routed("/scenarios").recording != nil)
        #expect(routed("/scenarios/json-object", ["Host": "localhost", RouteTraits.pageMarker: "1"]).recording != nil)
        // A 404 outside any owned prefix is a product answer: recorded, with CORS fields.
        let missing = routed("/no-such-route")
        #expect(missing.recording != nil && missing.cors != nil)
    }
}

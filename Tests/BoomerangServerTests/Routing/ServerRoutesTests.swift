import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings
import Testing

@testable import BoomerangHistory
@testable import BoomerangServer

/// The server's own route table as `ServerRoutes` composes it: every route named and unique, and
/// each domain's policy declared by its group.
@Suite struct ServerRoutesTests {
    @Test func theServerTableHasUniquePatternsPerMethodAndNamesEveryRoute() {
        let table = ServerRoutes.router(settings: ServerSettings()).table
        #expect(table.routes.count >= 12)
        for route in table.routes {
            #expect(!route.name.isEmpty && !route.summary.isEmpty)
        }
        let keys = table.routes.map { "\($0.methods) \($0.pattern)" }
        #expect(Set(keys).count == keys.count)
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

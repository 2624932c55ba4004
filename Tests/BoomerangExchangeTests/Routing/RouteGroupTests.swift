import BoomerangSerialization
import Testing

@testable import BoomerangExchange

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
            guard request.head.headers["Authorization"] == "yes" else { throw ServerError(ServerError.Code("guardRefused", status: 401), "no") }
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
}

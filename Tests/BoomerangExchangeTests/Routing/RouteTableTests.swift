import BoomerangSerialization
import Testing

@testable import BoomerangExchange

@Suite struct RouteTableTests {
    static let table: RouteTable = {
        var table = RouteTable()
        let ok: Route.Handler = { _ in FixedResponder(Response(status: 200)) }
        table.add(Route("get", .only([.get]), "/get", summary: "g", handler: ok))
        table.add(Route("post", .only([.post]), "/post", summary: "p", handler: ok))
        table.add(Route("item.read", .only([.get]), "/items/{id}", summary: "r", handler: ok))
        table.add(Route("item.write", .only([.put, .delete]), "/items/{id}", summary: "w", handler: ok))
        table.add(Route("item.special", .only([.get]), "/items/special", summary: "s", handler: ok))
        table.add(Route("any", .any, "/anything/{rest...}", summary: "a", handler: ok))
        return table
    }()

    func routeName(_ method: HTTPMethod, _ path: String) -> String? {
        if case .route(let route, _) = Self.table.resolve(method: method, path: path[...]) { return route.name }
        return nil
    }

    func refusal(_ method: HTTPMethod, _ path: String) -> ServerError? {
        if case .refused(let error) = Self.table.resolve(method: method, path: path[...]) { return error }
        return nil
    }

    @Test func literalPathsWinOverPatternsAndHeadFollowsGet() {
        #expect(routeName(.get, "/items/special") == "item.special")
        #expect(routeName(.get, "/items/7") == "item.read")
        #expect(routeName(.delete, "/items/7") == "item.write")
        #expect(routeName(.head, "/get") == "get")
        #expect(routeName(.head, "/post") == nil)
        #expect(routeName(HTTPMethod("PROPFIND"), "/anything/x") == "any")
    }

    @Test func aKnownPathWithAnotherMethodIs405WithEveryAllowedMethod() throws {
        let error = try #require(refusal(.post, "/items/7"))
        #expect(error.code == .methodNotAllowed)
        #expect(error.headers["Allow"] == "GET, HEAD, PUT, DELETE, OPTIONS")
        #expect(error.value == "POST")
    }

    @Test func optionsListsTheAllowedMethods() {
        guard case .options(let allow) = Self.table.resolve(method: .options, path: "/post") else {
            Issue.record("OPTIONS /post was not answered by the table")
            return
        }
        #expect(allow == "POST, OPTIONS")
    }

    @Test func anUnknownPathIs404AndAnUnknownMethodIs501() {
        #expect(refusal(.get, "/nowhere")?.code == .notFound)
        #expect(refusal(HTTPMethod("BREW"), "/nowhere")?.code == .methodNotImplemented)
        #expect(refusal(HTTPMethod("BREW"), "/get")?.code == .methodNotImplemented)
    }

    @Test func theListingKeepsEveryRouteInOrder() {
        #expect(Self.table.routes.map(\.name) == ["get", "post", "item.read", "item.write", "item.special", "any"])
        #expect(Self.table.routes[2].pattern.description == "/items/{id}")
    }

    @Test("literal paths are found among many, from a path that is part of a longer target")
    func literalPathsAmongMany() {
        var table = RouteTable()
        let ok: Route.Handler = { _ in FixedResponder(Response(status: 200)) }
        let paths = (0..<100).map { "/p\($0)/é\(String(repeating: "x", count: $0 % 20))" } + ["/", "/get", "/Get"]
        for (index, path) in paths.enumerated() {
            table.add(Route("r\(index)", .only([.get]), path, summary: "", handler: ok))
        }
        table.add(Route("second", .only([.post]), "/get", summary: "", handler: ok))
        for (index, path) in paths.enumerated() {
            let target = path + "?q=1"
            let routed = target[..<target.firstIndex(of: "?")!]
            guard case .route(let route, _) = table.resolve(method: .get, path: routed) else {
                Issue.record("\(path) was not found")
                continue
            }
            #expect(route.name == "r\(index)")
        }
        if case .route(let route, _) = table.resolve(method: .post, path: "/get") {
            #expect(route.name == "second")
        } else {
            Issue.record("the second route of /get was not found")
        }
        for missing in ["/p1", "/gets", "/ge", "", "/p100/é"] {
            guard case .refused(let error) = table.resolve(method: .get, path: missing[...]) else {
                Issue.record("\(missing) was found")
                continue
            }
            #expect(error.code == .notFound)
        }
    }
}

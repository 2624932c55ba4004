import BoomerangExchange

/// The echo routes: httpbin's `/get`, `/post`, `/put`, `/patch`, `/delete`, `/anything`,
/// `/headers`, `/ip` and `/user-agent`.
package enum EchoRoutes {
    package static func register(in group: inout RouteGroup, configuration: EchoConfiguration) {
        func echo(_ name: String, _ methods: Route.Methods, _ pattern: String, _ route: EchoRoute, _ summary: String) {
            let endpoint = EchoEndpoint(route: route, configuration: configuration)
            group.add(name, methods, pattern, summary: summary) { request in
                EchoResponder(context: request.context, endpoint: endpoint)
            }
        }
        echo("get", .only([.get]), "/get", .get, "The request's query, headers and origin")
        echo("post", .only([.post]), "/post", .post, "The request with its body decoded")
        echo("put", .only([.put]), "/put", .put, "The request with its body decoded")
        echo("patch", .only([.patch]), "/patch", .patch, "The request with its body decoded")
        echo("delete", .only([.delete]), "/delete", .delete, "The request with its body decoded")
        echo("anything", .any, "/anything", .anything, "Any method: everything about the request")
        echo("anything", .any, "/anything/{path...}", .anything, "Any method and path below: everything about the request")
        echo("headers", .only([.get]), "/headers", .headers, "The request's headers")
        echo("ip", .only([.get]), "/ip", .ip, "The client's address")
        echo("user-agent", .only([.get]), "/user-agent", .userAgent, "The request's User-Agent")
    }
}

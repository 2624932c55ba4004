import BoomerangSerialization

/// Picks the endpoint for a request head. Immutable; shared by every loop.
struct Router: Sendable {
    let settings: ServerSettings
    let echoOptions: EchoOptions

    init(settings: ServerSettings) {
        self.settings = settings
        echoOptions = EchoOptions(settings: settings)
    }

    /// The methods every built-in route knows; others get 501 outside `/anything`.
    static let knownMethods: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options]

    func responder(for context: RequestContext) -> any Responder {
        let head = context.head
        let method = head.method
        if method == .connect || method == .trace {
            return FixedResponder(.error(501, "methodNotImplemented", "\(method) is not served"))
        }
        if head.target == "*" {
            guard method == .options else { return FixedResponder(.error(400, "invalidTarget", "`*` is only valid with OPTIONS")) }
            return FixedResponder(Self.optionsResponse(allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"))
        }
        guard head.target.utf8.first == UInt8(ascii: "/") else {
            return FixedResponder(.error(400, "absoluteFormNotServed", "Boomerang is not a proxy: send the request target in origin form (`/path`)"))
        }
        let path = head.path
        if path == "/anything" || path.hasPrefix("/anything/") {
            return EchoResponder(context: context, route: .anything, options: echoOptions)
        }
        guard Router.knownMethods.contains(method) else {
            return FixedResponder(.error(501, "methodNotImplemented", "\(method) is served only under /anything"))
        }
        if ScenarioRoutes.matches(path) {
            return ScenarioResponder(head: head)
        }
        switch path {
        case "/get": return echo(.get, allowing: [.get, .head], context)
        case "/post": return echo(.post, allowing: [.post], context)
        case "/put": return echo(.put, allowing: [.put], context)
        case "/patch": return echo(.patch, allowing: [.patch], context)
        case "/delete": return echo(.delete, allowing: [.delete], context)
        case "/headers": return echo(.headers, allowing: [.get, .head], context)
        case "/ip": return echo(.ip, allowing: [.get, .head], context)
        case "/user-agent": return echo(.userAgent, allowing: [.get, .head], context)
        default:
            return FixedResponder(.error(404, "notFound", "no route for \(path)"))
        }
    }

    private func echo(_ route: EchoRoute, allowing methods: [HTTPMethod], _ context: RequestContext) -> any Responder {
        let method = context.head.method
        if methods.contains(method) {
            return EchoResponder(context: context, route: route, options: echoOptions)
        }
        let allow = (methods + [.options]).map(\.rawValue).joined(separator: ", ")
        if method == .options {
            return FixedResponder(Self.optionsResponse(allow: allow))
        }
        var response = Response.error(405, "methodNotAllowed", "\(context.head.path) answers \(allow)")
        response.headers.add(name: "Allow", value: allow)
        return FixedResponder(response)
    }

    private static func optionsResponse(allow: String) -> Response {
        Response(status: 200, headers: ["Allow": allow, "Content-Type": "text/plain; charset=utf-8"], body: [])
    }
}

/// A response decided from the head alone; the body, if any, is read and dropped.
struct FixedResponder: Responder {
    let response: Response

    init(_ response: Response) {
        self.response = response
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {}

    mutating func finish(trailers: HTTPHeaders) -> Response {
        response
    }
}

extension Response {
    /// A JSON error document for a request that was understood but cannot be served.
    static func error(_ status: Int, _ code: String, _ message: String) -> Response {
        var response = ResponseWriter.errorResponse(status: status, code: code, message: message)
        response.closeConnection = false
        return response
    }
}

import BoomerangSerialization

/// The routes, found by path then method, with one place for 404, 405 with `Allow`, 501, `OPTIONS`
/// and `HEAD`. Immutable once built; shared by every loop.
///
/// Literal paths are found by one hash-table lookup on the path's bytes; patterns are tried in the order they were
/// added, after the literal paths.
public struct RouteTable: Sendable {
    private var literal = LiteralPaths()
    private var patterned: [Route] = []
    /// Every route, in the order added: what the route listing at `/` and the OpenAPI document show.
    public private(set) var routes: [Route] = []
    /// The path prefixes groups own, with their traits: plain values, so that the look-up every
    /// request makes copies and counts no reference.
    private var ownedPrefixes: [(prefix: StaticString, traits: RouteTraits)] = []

    /// Methods that some route of this server knows; any other method is 501 outside routes
    /// that answer any method.
    public static let knownMethods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// An empty table.
    public init() {}

    /// Adds a route.
    public mutating func add(_ route: Route) {
        routes.append(route)
        if route.pattern.isLiteral {
            literal.append(route, at: route.pattern.description)
        } else {
            patterned.append(route)
        }
    }

    /// Adds a group's routes, and its path prefix when it owns one.
    public mutating func add(_ group: RouteGroup) {
        group.routes.forEach { add($0) }
        if let prefix = group.pathPrefix { ownedPrefixes.append((prefix, group.traits)) }
    }

    /// The traits of the group that owns `path`; nil when no group owns it.
    public func owningTraits(of path: Substring) -> RouteTraits? {
        for owned in ownedPrefixes where RouteGroup.path(path, isUnder: owned.prefix) { return owned.traits }
        return nil
    }

    /// What the table decides for a request.
    public enum Resolution: Sendable {
        /// A route answers, with these parameters.
        case route(Route, RouteParameters)
        /// An `OPTIONS` request for a path whose routes do not answer OPTIONS themselves: 200 with
        /// this `Allow` value.
        case options(allow: String)
        /// 404, 405 or 501.
        case refused(ServerError)
    }

    /// What answers a request with this method and path.
    public func resolve(method: HTTPMethod, path: Substring) -> Resolution {
        var allowed: [HTTPMethod] = []
        var matchedAny = false
        func consider(_ route: Route, _ parameters: RouteParameters) -> (Route, RouteParameters)? {
            matchedAny = true
            if route.methods.contains(method) { return (route, parameters) }
            if case .only(let methods) = route.methods {
                for method in methods where !allowed.contains(method) { allowed.append(method) }
            }
            return nil
        }
        if let routes = literal.routes(for: path) {
            for route in routes {
                if let (route, parameters) = consider(route, RouteParameters()) { return .route(route, parameters) }
            }
        }
        for route in patterned {
            guard let parameters = route.pattern.match(path) else { continue }
            if let (route, parameters) = consider(route, parameters) { return .route(route, parameters) }
        }
        guard Self.knownMethods.contains(method) else {
            return .refused(ServerError(.methodNotImplemented, "\(method) is served only under /anything", value: method.rawValue))
        }
        guard matchedAny else {
            return .refused(ServerError(.notFound, "no route for \(path)", value: String(path)))
        }
        let allow = Self.allowValue(allowed)
        if method == .options {
            return .options(allow: allow)
        }
        return .refused(ServerError(.methodNotAllowed, "\(path) answers \(allow)", value: method.rawValue, headers: ["Allow": allow]))
    }

    /// `GET, HEAD, POST, OPTIONS`: the methods in table order, HEAD after GET, OPTIONS last.
    public static func allowValue(_ methods: [HTTPMethod]) -> String {
        var names: [String] = []
        for method in methods where method != .options {
            names.append(method.rawValue)
            if method == .get && !methods.contains(.head) { names.append(HTTPMethod.head.rawValue) }
        }
        names.append(HTTPMethod.options.rawValue)
        return names.joined(separator: ", ")
    }
}

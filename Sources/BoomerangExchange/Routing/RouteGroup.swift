/// Routes registered together: their names share the group's prefix (`echo.get`), they share its
/// ``RouteTraits``, and a guard, when the group has one, checks every request before a route of
/// the group makes its responder (the admin API's host and token check). A group that owns a path
/// prefix (`/__admin`) keeps it for itself: its traits apply to the requests under it that no route
/// answers, and neither mock mappings nor session prefixes reach under it.
///
/// ```swift
/// var group = RouteGroup("echo", traits: [.product, .hashesBodies])
/// group.add("get", .only([.get]), "/get", summary: "The request's query, headers and origin") { request in … }
/// table.add(group)
/// ```
public struct RouteGroup: Sendable {
    /// Checks a request before its route answers; throws the refusal.
    public typealias Guard = @Sendable (RouteRequest) throws(ServerError) -> Void

    /// The first part of every route name in the group.
    public let name: String
    /// What the server does around every route of the group.
    public let traits: RouteTraits
    /// The path prefix the group owns, without a trailing slash: the prefix itself and every path
    /// below it.
    public let pathPrefix: StaticString?
    private let check: Guard?
    /// The routes, in the order added.
    public private(set) var routes: [Route] = []

    /// An empty group.
    public init(_ name: String, traits: RouteTraits, pathPrefix: StaticString? = nil, guard check: Guard? = nil) {
        self.name = name
        self.traits = traits
        self.pathPrefix = pathPrefix
        self.check = check
    }

    /// Adds a route named `<group>.<name>`, with the group's traits and `adding` ones of its own.
    public mutating func add(
        _ name: String, _ methods: Route.Methods, _ pattern: String, summary: String, adding: RouteTraits = [],
        handler: @escaping Route.Handler
    ) {
        let answer: Route.Handler
        if let check {
            answer = { request throws(ServerError) in
                try check(request)
                return try handler(request)
            }
        } else {
            answer = handler
        }
        routes.append(Route("\(self.name).\(name)", methods, pattern, summary: summary, traits: traits.union(adding), handler: answer))
    }

    /// Whether `path` is `prefix` or below it.
    static func path(_ path: Substring, isUnder prefix: StaticString) -> Bool {
        guard path.hasASCIIPrefix(prefix) else { return false }
        let next = path.utf8.dropFirst(prefix.utf8CodeUnitCount).first
        return next == nil || next == UInt8(ascii: "/")
    }
}

/// Answers requests before the route table: the mock mappings. The router consults it for every
/// request whose path no route group owns, after the checks no route can override.
public protocol ResponderSource: AnyObject, Sendable {
    /// Whether the source has nothing to answer with now. The router then passes it by without
    /// building a request for it; read for every request, so it should cost a load.
    var isEmpty: Bool { get }

    /// The source's choice for `request`; nil leaves it to the route table.
    func choose(_ request: SourceRequest) -> RoutingChoice?
}

/// A request as a ``ResponderSource`` sees it: the path routed, the session prefix, and the route
/// table's choice at hand for a source that falls back to it or amends its refusal.
public struct SourceRequest {
    /// The request head and connection facts.
    public let context: RequestContext
    /// The path routed: the target's path without its session prefix.
    public let path: Substring
    /// The session named by a `/s/{name}` prefix.
    public let pathSession: Substring?
    let router: Router

    /// The route table's choice for this request, as it is made when no source answers.
    public func builtIn() -> RoutingChoice {
        router.resolveTable(context: context, path: path, pathSession: pathSession)
    }
}

/// What the router chose for a request: the responder, and what the server does around it.
public struct RoutingChoice {
    /// What answers.
    public var responder: any Responder
    /// The name of the route or mapping that answers; nil when none does (404, 405, 501, a
    /// refused target).
    public var route: String?
    /// The chosen route's traits; for a request no route answers, those of the group that owns its
    /// path, else a product route's.
    public var traits: RouteTraits
    /// Whether the responder names the route that answered only once the body is read
    /// (``RouteDeciding``): a mock mapping that may hand the request to the built-in route.
    public var isDecidedByBody: Bool
    /// The path routed: the target's path without its session prefix.
    public var routedPath: Substring
    /// The session named by a `/s/{name}` prefix.
    public var pathSession: Substring?
    /// The error the responder answers with, when the route table refused the request or its
    /// route threw.
    public var refusal: ServerError?

    /// A choice.
    public init(
        responder: any Responder, route: String? = nil, traits: RouteTraits = .product, isDecidedByBody: Bool = false,
        routedPath: Substring, pathSession: Substring? = nil, refusal: ServerError? = nil
    ) {
        self.responder = responder
        self.route = route
        self.traits = traits
        self.isDecidedByBody = isDecidedByBody
        self.routedPath = routedPath
        self.pathSession = pathSession
        self.refusal = refusal
    }
}

import BoomerangSerialization

/// One entry of the route table: which methods at which path, and what answers them. Immutable;
/// a class, so that resolving a request hands out a reference instead of copying its fields.
public final class Route: Sendable {
    /// The methods a route answers.
    public enum Methods: Sendable, Hashable {
        /// Any method token (`/anything`); `CONNECT` and `TRACE` never reach a route.
        case any
        /// These methods; a route that answers GET answers HEAD too.
        case only([HTTPMethod])

        func contains(_ method: HTTPMethod) -> Bool {
            switch self {
            case .any: true
            case .only(let methods): methods.contains(method) || (method == .head && methods.contains(.get))
            }
        }
    }

    /// Makes the responder for a request this route matched.
    public typealias Handler = @Sendable (RouteRequest) throws(ServerError) -> any Responder

    /// A stable name for logs and metrics labels, such as `echo.get` (never the raw path).
    public let name: String
    /// The methods it answers.
    public let methods: Methods
    /// The path it answers.
    public let pattern: RoutePattern
    /// One line for a person, for listings and the OpenAPI document.
    public let summary: String
    /// What the server does around its answers: its group's traits.
    public let traits: RouteTraits
    /// Makes the responder.
    public let handler: Handler

    /// Creates a route; ``RouteGroup/add(_:_:_:summary:handler:)`` makes them with the group's
    /// traits.
    public init(
        _ name: String, _ methods: Methods, _ pattern: String, summary: String, traits: RouteTraits = .product,
        handler: @escaping Handler
    ) {
        self.name = name
        self.methods = methods
        self.pattern = RoutePattern(pattern)
        self.summary = summary
        self.traits = traits
        self.handler = handler
    }
}

/// What a route's handler receives.
public struct RouteRequest: Sendable {
    /// The request head and connection facts.
    public let context: RequestContext
    /// The path's parameters.
    public let parameters: RouteParameters

    /// A request for a route's handler.
    public init(context: RequestContext, parameters: RouteParameters) {
        self.context = context
        self.parameters = parameters
    }

    /// The request head.
    public var head: HTTPRequestHead { context.head }
}

/// A response decided from the head alone; the body, if any, is read and dropped.
public struct FixedResponder: Responder {
    let response: Response

    /// Answers with `response` whatever the body.
    public init(_ response: Response) {
        self.response = response
    }

    public mutating func receive(_ bytes: UnsafeRawBufferPointer) {}

    public mutating func finish(trailers: HTTPHeaders) -> Response {
        response
    }
}

/// Reads and drops the body, then answers with an error.
public struct ErrorResponder: Responder {
    public let error: ServerError

    public mutating func receive(_ bytes: UnsafeRawBufferPointer) {}

    public mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        throw error
    }
}

/// A request as the core's request serializers produce it and the wire writer sends it.
///
/// The counterpart of the `NSURLRequest` that AFNetworking's serializers return: a method, a URL,
/// ordered headers, a body, and the transport properties that were explicitly set.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute URL as text, including any query string.
    public var url: String
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body.
    public var body: RequestBody
    /// Transport properties; each is `nil` unless it was explicitly set.
    public var properties: RequestProperties

    /// Creates a request.
    public init(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: RequestBody = .none,
        properties: RequestProperties = RequestProperties()
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.properties = properties
    }
}

/// The transport properties of a request that a serializer applies only when they were set.
///
/// AFNetworking copies `allowsCellularAccess`, `cachePolicy`, `HTTPShouldHandleCookies`,
/// `HTTPShouldUsePipelining`, `networkServiceType` and `timeoutInterval` into a request only
/// after they have been set on the serializer (serialization spec §1.5.6); `nil` means unset.
public struct RequestProperties: Sendable, Hashable {
    /// How long to wait for the request, in seconds.
    public var timeoutInterval: Double?
    /// The cache policy, by its `URLRequest.CachePolicy` raw value.
    public var cachePolicy: UInt?
    /// Whether cookies are sent and stored.
    public var shouldHandleCookies: Bool?
    /// Whether the request may use cellular networks.
    public var allowsCellularAccess: Bool?
    /// Whether the request may be pipelined.
    public var shouldUsePipelining: Bool?
    /// The network service type, by its `URLRequest.NetworkServiceType` raw value.
    public var networkServiceType: UInt?

    /// Creates a set of properties, all unset by default.
    public init(
        timeoutInterval: Double? = nil,
        cachePolicy: UInt? = nil,
        shouldHandleCookies: Bool? = nil,
        allowsCellularAccess: Bool? = nil,
        shouldUsePipelining: Bool? = nil,
        networkServiceType: UInt? = nil
    ) {
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        self.shouldHandleCookies = shouldHandleCookies
        self.allowsCellularAccess = allowsCellularAccess
        self.shouldUsePipelining = shouldUsePipelining
        self.networkServiceType = networkServiceType
    }
}

extension ServerError.Code {
    // Routing.

    /// No route serves the path.
    public static let notFound = Self("notFound", status: 404)
    /// A route serves the path, but not with this method.
    public static let methodNotAllowed = Self("methodNotAllowed", status: 405)
    /// The method is served by no route at this path, or never (`CONNECT`, `TRACE`).
    public static let methodNotImplemented = Self("methodNotImplemented", status: 501, closesConnection: true)
    /// The request target is `*` with a method other than OPTIONS.
    public static let invalidTarget = Self("invalidTarget", status: 400)
    /// The request target is in absolute or authority form: Boomerang is not a proxy.
    public static let absoluteFormNotServed = Self("absoluteFormNotServed", status: 400)
    /// A path parameter or query parameter has a value the route cannot take.
    public static let invalidParameter = Self("invalidParameter", status: 400)

    // Negotiation and rendering.

    /// Nothing in `Accept` can be produced.
    public static let notAcceptable = Self("notAcceptable", status: 406)
    /// A response control (`x-set-response-…`) has a value it cannot take.
    public static let invalidControl = Self("invalidControl", status: 400)
    /// A document could not be rendered in the negotiated format.
    public static let renderFailed = Self("renderFailed", status: 500)

    // Connection.

    /// The request head did not arrive in time.
    public static let headerTimeout = Self("headerTimeout", status: 408, closesConnection: true)
    /// The body arrived slower than the minimum rate.
    public static let bodyTooSlow = Self("bodyTooSlow", status: 408, closesConnection: true)
    /// Plain HTTP came to the HTTPS port.
    public static let plainHTTPToHTTPSPort = Self("plainHTTPToHTTPSPort", status: 400, closesConnection: true)
    /// The connection cap is reached.
    public static let tooManyConnections = Self("tooManyConnections", status: 503, closesConnection: true)
    /// A TLS scenario's certificate is still being made (the first start makes them all in about
    /// a second): asked again later, it is there.
    public static let certificateBeingMade = Self("certificateBeingMade", status: 503)

    // HTTP/2 streams (HTTP/1.1's parser has its own codes of the same names).

    /// A request body went past `max_body_bytes`: answered, then the stream is reset.
    public static let bodyTooLarge = Self("bodyTooLarge", status: 413)
    /// A request's header list went past its limit: the stream is reset.
    public static let headersTooLarge = Self("headersTooLarge", status: 431)
    /// The HTTP/2 connection broke the protocol (a malformed frame, bad HPACK, a flood): it ends
    /// with GOAWAY, no status is sent.
    public static let http2ConnectionError = Self("http2ConnectionError", status: 400, closesConnection: true)
    /// An HTTP/2 extended CONNECT (RFC 8441) to a route that opens no tunnel for its `:protocol`:
    /// a 2xx would tell the client that the tunnel is open.
    public static let connectProtocolNotServed = Self("connectProtocolNotServed", status: 400)
    /// An HTTP/2 request asked for other settings at their edges while the client had not yet
    /// acknowledged the last change: one change waits for its ACK at a time.
    public static let settingsNotAcknowledged = Self("settingsNotAcknowledged", status: 409)
}

import BoomerangSerialization

/// A response as an endpoint builds it; the writer adds the framing headers.
public struct Response: Sendable {
    /// The status code (100–599).
    public var status: Int
    /// The headers; `Content-Type` is sent only when present here.
    public var headers: HTTPHeaders
    /// The body; not sent for HEAD requests and for statuses that have none.
    public var body: [UInt8]
    /// How long to hold the response back, in milliseconds.
    public var delayMilliseconds: Int = 0
    /// Whether the connection closes after this response.
    public var closeConnection = false
    /// A transport failure to produce instead of a normal answer.
    public var fault: TransportFault?
    /// The stream and the upgrade, boxed so that a response without them stays a plain value the
    /// connection copies cheaply; nil for almost every response.
    private var extensions: Extensions?
    /// Whether `X-Content-Type-Options: nosniff` and a `Content-Security-Policy` that forbids
    /// everything are sent: an echo reflects client-chosen bytes, possibly under a client-chosen
    /// Content-Type, and a browser must never run them.
    public var sendsSecurityHeaders = true
    /// What the responder leaves for the exchange's observers, never sent: the echo hands the
    /// history the document it built (parts, body hash), so that nothing is decoded twice.
    public var annotation: (any ResponseAnnotation)?
    /// How an observer can write this body again from the request instead of keeping it; set by a
    /// responder whose body is a function of the request (the echo), cleared by whatever changes
    /// the body afterwards (a content coding, a fault).
    public var bodyReplay: (any ResponseBodyReplay)?

    /// Whether a response with `status` may have content (none for 1xx, 204, 205 and 304;
    /// RFC 9110 §15).
    public static func allowsBody(status: Int) -> Bool {
        !(100..<200).contains(status) && status != 204 && status != 304 && status != 205
    }

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A body produced while it is sent; when set, ``body`` is ignored. Each connection that sends
    /// the response pulls its own copy of the stream value.
    public var bodyStream: (any ResponseBodyStream)? {
        get { extensions?.stream }
        set { extensions = Extensions(stream: newValue, upgrade: upgrade) }
    }

    /// Whether a stream or an upgrade is set: one test of a reference, where reading either
    /// copies an optional existential out and destroys it.
    public var hasStreamOrUpgrade: Bool { extensions != nil }

    /// The protocol the connection switches to once this response is queued; honoured only with
    /// status 101, on HTTP/1.1, for a request that is not HEAD.
    public var upgrade: (any ConnectionUpgrade)? {
        get { extensions?.upgrade }
        set { extensions = Extensions(stream: bodyStream, upgrade: newValue) }
    }

    /// Never mutated once made: copies of a response share it, and each reader copies the values out.
    private final class Extensions: Sendable {
        let stream: (any ResponseBodyStream)?
        let upgrade: (any ConnectionUpgrade)?

        init?(stream: (any ResponseBodyStream)?, upgrade: (any ConnectionUpgrade)?) {
            guard stream != nil || upgrade != nil else { return nil }
            self.stream = stream
            self.upgrade = upgrade
        }
    }
}

/// Receives a request body chosen for its endpoint, then produces the response.
public protocol Responder {
    /// Consumes the next body bytes; called zero or more times.
    mutating func receive(_ bytes: UnsafeRawBufferPointer)
    /// The body is complete; builds the response, or throws the error to answer with.
    mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response
    /// Called once when the head is complete and a body follows, before any body byte: a response
    /// (or an error) here is sent at once, the body is never read, and the connection closes after
    /// it. For requests the head alone condemns, as a strict server answers them. The default,
    /// nil, reads the body.
    mutating func answerBeforeBody() throws(ServerError) -> Response?
    /// Called once when the head is complete, a body follows and ``answerBeforeBody()`` gave no
    /// answer: whether the request asked for the HTTP/2 fault ``TransportFault/windowStall``,
    /// which keeps the body's flow-control window shut. HTTP/1.1 does not ask. The default, false,
    /// reopens the window as the body is taken.
    mutating func holdsBodyWindow() -> Bool
}

extension Responder {
    /// Reads the body: no answer before it.
    public mutating func answerBeforeBody() throws(ServerError) -> Response? { nil }

    /// No fault on the body's window.
    public mutating func holdsBodyWindow() -> Bool { false }
}

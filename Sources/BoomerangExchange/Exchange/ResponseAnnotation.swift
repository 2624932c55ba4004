import BoomerangSerialization

/// What a responder leaves on a response for the exchange's observers to read (the history reads
/// the echo's document from it); never sent.
public protocol ResponseAnnotation: Sendable {}

/// How a response body can be written again from the request it answered, so that an observer
/// (the history) need not keep it: the echo of a request without a body is a function of its head,
/// the peer's address and the request id.
public protocol ResponseBodyReplay: Sendable {
    /// The body the response had, for `head` from `remoteHost` under `requestID`, over the
    /// connection `security` describes (nil: plain HTTP) and the HTTP/2 `stream` (nil: HTTP/1.x);
    /// nil when it cannot be written again.
    func body(head: HTTPRequestHead, remoteHost: String, requestID: String, security: TransportSecurity?, stream: HTTP2Stream?) -> [UInt8]?
}

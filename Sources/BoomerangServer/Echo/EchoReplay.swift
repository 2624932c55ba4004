import BoomerangSerialization

/// How to write a streamed JSON echo again from the request head the history keeps, so that the
/// history need not keep the body it answered with: the answer to a request without a body is a
/// function of its head, the peer's address and the request id.
struct EchoReplay: Sendable {
    let route: EchoRoute

    /// The body the echo answered `head` with.
    func body(head: HTTPRequestHead, remoteHost: String, requestID: String, configuration: EchoConfiguration) -> [UInt8]? {
        let context = RequestContext(head: head, remoteHost: remoteHost, requestID: requestID, loopIndex: 0, receivedAt: 0)
        var body = BodyCollector(head: head, configuration: configuration)
        let hash = body.finish()
        let document = EchoDocument(context: context, route: route, query: EchoQuery(head.query ?? ""), body: body, bodyHash: hash)
        return try? document.render(as: .json)
    }
}

import BoomerangExchange
import BoomerangSerialization

/// How to write a streamed JSON echo again from the request head the history keeps, so that the
/// history need not keep the body it answered with: the answer to a request without a body is a
/// function of its head, the peer's address and the request id.
package struct EchoReplay: ResponseBodyReplay {
    /// The route and settings the echo answered with; a reference, so that the replay a response
    /// carries costs no allocation.
    package let endpoint: EchoEndpoint

    /// The body the echo answered `head` with.
    package func body(
        head: HTTPRequestHead, remoteHost: String, requestID: String, security: TransportSecurity?, stream: HTTP2Stream?
    ) -> [UInt8]? {
        let route = endpoint.route
        let configuration = endpoint.configuration
        let context = RequestContext(
            head: head, remoteHost: remoteHost, requestID: requestID, loopIndex: 0, receivedAt: 0, security: security, stream: stream)
        var body = BodyCollector(head: head, configuration: configuration)
        let hash = body.finish()
        let document = EchoDocument(context: context, route: route, query: EchoQuery(head.query ?? ""), body: body, bodyHash: hash)
        return try? document.render(as: .json)
    }
}

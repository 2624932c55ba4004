import BoomerangExchange
import BoomerangSerialization

/// Collects a request's body as the echo does, then answers with what `answer` makes of the
/// request's ``FirewalkReply``.
package struct FirewalkReplyResponder: Responder {
    private let context: RequestContext
    private var body: BodyCollector
    private let answer: @Sendable (FirewalkReply) -> Response

    package init(context: RequestContext, configuration: EchoConfiguration, answer: @escaping @Sendable (FirewalkReply) -> Response) {
        self.context = context
        body = BodyCollector(head: context.head, configuration: configuration)
        self.answer = answer
    }

    /// Answers with the reply itself, with status 200.
    package init(context: RequestContext, configuration: EchoConfiguration) {
        self.init(context: context, configuration: configuration) { $0.response() }
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        body.receive(bytes)
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        _ = body.finish()
        return answer(FirewalkReply(context: context, body: body))
    }
}

/// Firewalk's `/upload`: counts the body as it streams and answers `{"bytes": n}`.
package struct FirewalkUploadResponder: Responder {
    private var size: Int64 = 0

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        size += Int64(bytes.count)
    }

    package mutating func finish(trailers: HTTPHeaders) -> Response {
        .json(.object(StructuredObject([("bytes", .int(size))])))
    }
}

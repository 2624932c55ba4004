import BoomerangExchange
import BoomerangSerialization

/// An echo whose response a route finishes (a `Last-Modified` and `ETag` on `/cache`, a delay on
/// `/delay/{n}`): the body is collected and described as the echo does, then `adjust` runs.
package struct EchoVariantResponder: Responder {
    private var echo: EchoResponder
    private let adjust: @Sendable (inout Response) -> Void

    package init(
        context: RequestContext, route: EchoRoute, options: EchoConfiguration,
        adjust: @escaping @Sendable (inout Response) -> Void
    ) {
        echo = EchoResponder(context: context, route: route, configuration: options)
        self.adjust = adjust
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        echo.receive(bytes)
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        var response = try echo.finish(trailers: trailers)
        adjust(&response)
        return response
    }
}

import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings

@testable import BoomerangServer

/// A live server whose requests are answered by a closure before the route table sees them.
final class ScriptedServer: @unchecked Sendable {
    let server: Server
    let port: Int

    /// `respond` answers the requests it returns a response for; the others go to the routes.
    init(configure: (inout ServerSettings) -> Void = { _ in }, respond: @escaping @Sendable (RequestContext) -> Response?) throws {
        var settings = ServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.httpsPort = nil
        settings.accessLog = false
        settings.shutdownTimeout = 2
        configure(&settings)
        server = Server(settings: settings, responderOverride: { context in respond(context).map(FixedResponder.init) })
        port = try server.start()
    }

    deinit {
        server.shutdown()
    }
}

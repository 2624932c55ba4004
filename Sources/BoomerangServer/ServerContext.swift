import BoomerangSerialization
import Logging

/// What every loop shares: immutable settings and routes, and the few thread-safe counters.
final class ServerContext: Sendable {
    /// Answers a request before the route table does, or returns nil to leave it to the table.
    typealias ResponderOverride = @Sendable (RequestContext) -> (any Responder)?

    let settings: ServerSettings
    let connectionConfiguration: ConnectionConfiguration
    let router: Router
    let responderOverride: ResponderOverride?
    let connectionBudget: ConnectionBudget
    let requestIDs = RequestIDGenerator()
    let log: Logger

    init(settings: ServerSettings, log: Logger, responderOverride: ResponderOverride? = nil) {
        self.settings = settings
        var parser = HTTPParserConfiguration()
        parser.maxRequestLineLength = settings.maxRequestLineBytes
        parser.maxHeaderBytes = settings.maxHeaderBytes
        parser.maxHeaderCount = settings.maxHeaderCount
        parser.maxBodySize = settings.maxBodyBytes
        connectionConfiguration = ConnectionConfiguration(settings: settings, parser: parser)
        router = Router(settings: settings)
        self.responderOverride = responderOverride
        connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.log = log
    }
}

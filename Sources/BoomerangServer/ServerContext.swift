import BoomerangSerialization
import Logging

/// What every loop shares: immutable settings and routes, and the few thread-safe counters.
final class ServerContext: Sendable {
    let settings: ServerSettings
    let parserConfiguration: HTTPParserConfiguration
    let router: Router
    let connectionBudget: ConnectionBudget
    let requestIDs = RequestIDGenerator()
    let log: Logger

    init(settings: ServerSettings, log: Logger) {
        self.settings = settings
        var parser = HTTPParserConfiguration()
        parser.maxRequestLineBytes = settings.maxRequestLineBytes
        parser.maxHeaderBytes = settings.maxHeaderBytes
        parser.maxHeaderCount = settings.maxHeaderCount
        parser.maxBodyBytes = settings.maxBodyBytes
        parserConfiguration = parser
        router = Router(settings: settings)
        connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.log = log
    }
}

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
        parser.maxRequestLineLength = settings.maxRequestLineBytes
        parser.maxHeaderBytes = settings.maxHeaderBytes
        parser.maxHeaderCount = settings.maxHeaderCount
        parser.maxBodySize = settings.maxBodyBytes
        // `/dump/request` shows the head byte for byte.
        parser.keepsRawHead = true
        parserConfiguration = parser
        router = Router(settings: settings)
        connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.log = log
    }
}

import BoomerangSerialization
import Logging

/// What every loop shares: immutable settings and routes, and the few thread-safe counters.
final class ServerContext: Sendable {
    let settings: ServerSettings
    let parserConfiguration: HTTPParserConfiguration
    let router: Router
    /// The exchange history, when recording is on.
    let history: HistoryStore?
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
        parserConfiguration = parser
        let history = settings.history ? HistoryStore(configuration: HistoryConfiguration(settings: settings), log: log) : nil
        self.history = history
        router = Router(settings: settings, history: history)
        connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.log = log
    }
}

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
    /// The exchange history, when recording is on.
    let history: HistoryStore?
    /// The mock mappings (files and run-time ones).
    let mappings: MappingStore
    let connectionBudget: ConnectionBudget
    let metrics: ServerMetrics
    let requestIDs = RequestIDGenerator()
    let log: Logger

    init(settings: ServerSettings, log: Logger, responderOverride: ResponderOverride? = nil) {
        self.settings = settings
        var parser = HTTPParserConfiguration()
        parser.maxRequestLineBytes = settings.maxRequestLineBytes
        parser.maxHeaderBytes = settings.maxHeaderBytes
        parser.maxHeaderCount = settings.maxHeaderCount
        parser.maxBodyBytes = settings.maxBodyBytes
        // `/dump/request` shows the head byte for byte.
        parser.keepsRawHead = true
        connectionConfiguration = ConnectionConfiguration(settings: settings, parser: parser)
        let history = settings.history ? HistoryStore(configuration: HistoryConfiguration(settings: settings), log: log) : nil
        self.history = history
        let connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.connectionBudget = connectionBudget
        let metrics = ServerMetrics(startedAt: WallClock.now())
        self.metrics = metrics
        let mappings = MappingStore(directory: settings.mappingsDirectory, log: log, metrics: metrics)
        self.mappings = mappings
        let status = ServerStatus(
            metrics: metrics, connections: connectionBudget, history: history, threads: settings.loopCount,
            startedAt: MonotonicClock.nanoseconds(), startedAtWallClock: WallClock.now())
        router = Router(settings: settings, history: history, mappings: mappings, status: status)
        self.responderOverride = responderOverride
        self.log = log
    }
}

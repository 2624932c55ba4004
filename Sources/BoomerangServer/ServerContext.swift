import BoomerangExchange
import BoomerangHTTP1
import BoomerangHTTP2Wire
import BoomerangHistory
import BoomerangLibevent
import BoomerangMocks
import BoomerangOperations
import BoomerangRuntime
import BoomerangSerialization
import BoomerangSettings
import BoomerangWire
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// What every loop shares: immutable settings and routes, and the few thread-safe counters.
final class ServerContext: LoopHost {
    /// Answers a request before the route table does, or returns nil to leave it to the table.
    typealias ResponderOverride = @Sendable (RequestContext) -> (any Responder)?

    let settings: ServerSettings
    let connectionConfiguration: ConnectionConfiguration
    let http2Configuration: HTTP2Configuration?
    let acceptsPriorKnowledge: Bool
    let router: Router
    let responderOverride: ResponderOverride?
    /// The exchange history, when recording is on.
    let history: HistoryStore?
    /// The mock mappings (files and run-time ones).
    let mappings: MappingStore
    let connectionBudget: ConnectionBudget
    let metrics: ServerMetrics
    let requestIDs = RequestIDGenerator()
    let heapTrimmer = HeapTrimmer()
    /// The TLS of the HTTPS listeners, while they run.
    let tls = ServerTLS()
    let log: Logger
    /// Monotonic nanoseconds for durations: the real clock, or the manual one of a test that
    /// drives connections in process.
    let clock: @Sendable () -> UInt64

    init(
        settings: ServerSettings, log: Logger, responderOverride: ResponderOverride? = nil,
        clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nanoseconds
    ) {
        self.settings = settings
        self.clock = clock
        var parser = HTTPParserConfiguration()
        parser.maxRequestLineBytes = settings.maxRequestLineBytes
        parser.maxHeaderBytes = settings.maxHeaderBytes
        parser.maxHeaderCount = settings.maxHeaderCount
        parser.maxBodyBytes = settings.maxBodyBytes
        // `/dump/request` shows the head byte for byte.
        parser.keepsRawHead = true
        var connectionConfiguration = ConnectionConfiguration(settings: settings, parser: parser)
        connectionConfiguration.acceptsH2CUpgrade = settings.h2c
        self.connectionConfiguration = connectionConfiguration
        http2Configuration = settings.http2 || settings.h2c ? HTTP2Configuration(settings: settings) : nil
        acceptsPriorKnowledge = settings.h2c
        let history = settings.history ? HistoryStore(configuration: HistoryConfiguration(settings: settings), log: log, clock: clock) : nil
        self.history = history
        let connectionBudget = ConnectionBudget(limit: settings.maxConnections)
        self.connectionBudget = connectionBudget
        let metrics = ServerMetrics(startedAt: WallClock.now())
        self.metrics = metrics
        let mappings = MappingStore(directory: settings.mappingsDirectory, log: log, loaded: metrics.mappingsLoaded)
        self.mappings = mappings
        let status = ServerStatus(
            metrics: metrics, openConnections: { connectionBudget.current }, history: history, mappings: mappings, threads: settings.loopCount,
            startedAt: clock(), startedAtWallClock: WallClock.now(), clock: clock)
        router = ServerRoutes.router(settings: settings, history: history, mappings: mappings, status: status, tls: tls)
        self.responderOverride = responderOverride
        self.log = log
    }

    func services(forLoop index: Int) -> any LoopServicing {
        LoopServices(index: index, shared: self)
    }

    func connectionOpened() {
        metrics.connectionsOpened.increment()
    }

    /// A server whose admin API needs no token says once at start who can still use it: anyone
    /// who can connect, on a bind beyond loopback (the container image listens on 0.0.0.0); any
    /// web page the user opens, when `admin_hosts: *` turns the DNS-rebinding defence off.
    func noteExposure() {
        guard settings.adminToken == nil else { return }
        if !AdminHostPolicy.isLoopbackName(settings.host) {
            log.warning(
                "listening on \(settings.host), reachable from other machines: anyone who can connect can read the history and use the admin API (/__admin/) through an IP address or a local name (web pages cannot, by DNS rebinding); set admin_token to require a token")
        }
        if AdminHostPolicy(adminHosts: settings.adminHosts).allowsAnyHost {
            log.warning(
                "admin_hosts is *: any web page the user opens can read the history and use the admin API (/__admin/) by DNS rebinding; list the names instead, or set admin_token")
        }
    }

    /// Relative folders are found from the working directory, not from the config file: a server
    /// started elsewhere says which folder it did not find, instead of serving 404s in silence.
    func noteMissingFolders() {
        let folders = [
            (settings.mappingsDirectory, "mappings_directory", "no mock mappings are served"),
            (settings.publicDirectory, "public_directory", "the web page is not served"),
        ]
        for case let (path?, setting, consequence) in folders {
            var status = stat()
            guard stat(path, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR else { continue }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let found = buffer.withUnsafeMutableBytes { getcwd($0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count) != nil }
            let working = found ? String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) : "the working directory"
            let shown = path.hasPrefix("/") ? path : "\(path) (in \(working))"
            log.notice("no folder \(shown) for \(setting): \(consequence)")
        }
    }
}

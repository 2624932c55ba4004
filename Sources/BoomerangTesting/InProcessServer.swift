import BoomerangExchange
import BoomerangMocks
import BoomerangRuntime
import BoomerangSettings
import Logging

@testable import BoomerangHTTP1
@testable import BoomerangServer

/// A Boomerang server without sockets or threads: the real router, history, mocks and
/// connection state machine, driven in process on a ``ManualClock``. Each ``connect()`` makes an
/// ``InProcessConnection`` that feeds request bytes to its own state machine, as a libevent loop
/// would, and moves the clock to the next deadline whenever a response is waited for, so that a
/// five-second drip takes no wall time.
///
/// Confined to the test that made it; only the wakes of its connections may come from other
/// threads.
///
/// ```swift
/// let server = InProcessServer()
/// let response = try server.fetch("/drip?duration=5&numbytes=5")
/// ```
public final class InProcessServer: TestClient {
    /// The time every connection sees.
    public let clock: ManualClock
    let context: ServerContext
    let services: LoopServices
    let wakes = InProcessWakes()
    private var serial: UInt64 = 0
    private var connections: [WeakConnection] = []

    /// A server with `ServerSettings`' defaults, no access log and no mapping folder, changed by
    /// `configure`: what a live test server gets, less the port.
    public init(clock: ManualClock = ManualClock(), configure: (inout ServerSettings) -> Void = { _ in }) {
        var settings = ServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.accessLog = false
        settings.shutdownTimeout = 2
        // The package's own config/mappings are examples for people, not fixtures.
        settings.mappingsDirectory = nil
        configure(&settings)
        self.clock = clock
        context = ServerContext(settings: settings, log: Logger(label: "boomerang"), clock: { [clock] in clock.now })
        services = LoopServices(index: 0, shared: context)
    }

    /// The port its clients name in `Host` (an in-process server listens on none).
    public let port = 8080

    /// `127.0.0.1:8080`.
    public var authority: String { "127.0.0.1:\(port)" }

    /// The settings the server runs with.
    public var settings: ServerSettings { context.settings }

    /// A new client connection, accepted at once (or answered with a 503 and closed, over the
    /// connection cap, as the event loop does).
    public func connect() -> InProcessConnection {
        serial += 1
        let accepted = context.connectionBudget.acquire()
        if accepted { context.metrics.connectionsOpened.increment() }
        let connection = InProcessConnection(server: self, id: serial << 32 | 1000, accepted: accepted)
        if !accepted { context.connectionBudget.release() }
        connections.removeAll { $0.connection == nil }
        connections.append(WeakConnection(connection: connection))
        return connection
    }

    /// Moves the clock forward by `seconds` and lets every open connection act on the deadlines
    /// that have passed.
    public func advance(seconds: Double) {
        clock.advance(seconds: seconds)
        for case let connection? in connections.map(\.connection) { connection.pump() }
    }

    /// The number of client connections open now.
    public var openConnections: Int {
        context.connectionBudget.current
    }

    /// Reads the mapping files again (what SIGHUP does); the errors found.
    @discardableResult
    public func reloadMappings() -> [MappingError] {
        context.mappings.reload(reason: "requested")
    }

    /// A graceful shutdown as the server does it: every connection finishes the exchange in
    /// progress and closes; those still open after the shutdown timeout (on the manual clock) are
    /// closed.
    public func shutdown() {
        let open = connections.compactMap(\.connection)
        for connection in open { connection.drain() }
        let deadline = clock.now + ConnectionConfiguration.nanoseconds(settings.shutdownTimeout)
        for connection in open { connection.runUntilClosed(deadline: deadline) }
        for connection in open { connection.stop() }
    }

    /// A connection closed: its slot under the connection cap is free again.
    func connectionClosed() {
        context.connectionBudget.release()
    }

    deinit {
        services.flush()
    }
}

private struct WeakConnection {
    weak var connection: InProcessConnection?
}

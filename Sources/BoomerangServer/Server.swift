import BoomerangHTTP1
import BoomerangLibevent
import BoomerangMocks
import BoomerangOperations
import BoomerangRuntime
import BoomerangSerialization
import BoomerangSettings
import BoomerangTLS
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The Boomerang HTTP server: one event loop per thread, all accepting on one port.
///
/// ```swift
/// let server = Server(settings: ServerSettings())
/// let port = try server.start()
/// // … serve until …
/// server.shutdown()
/// ```
///
/// `start()` on a running server returns its port and starts nothing; after `shutdown()` the
/// server can be started again. Both may be called from any thread.
public final class Server: Sendable {
    /// Makes the loop for its listening sockets (HTTP, then HTTPS when it is on); it owns them
    /// from the call on, even when it throws.
    typealias LoopFactory = @Sendable (_ index: Int, _ sockets: [ListenerSocket], _ context: ServerContext, _ completion: LoopCompletion)
        throws(LibeventError) -> EventLoop

    private struct Running: Sendable {
        var threads: [LoopThread]
        var completion: LoopCompletion
        var port: Int
        var httpsPort: Int?
        /// Spreads connections over the loops when there are several.
        var balancer: LoopBalancer?
    }

    private let context: ServerContext
    private let makeLoop: LoopFactory
    private let state = Locked<Running?>(nil)

    /// Creates a server; nothing is bound until `start()`.
    public convenience init(settings: ServerSettings, logger: Logger = Logger(label: "boomerang")) {
        self.init(settings: settings, logger: logger, responderOverride: nil, makeLoop: Server.makeEventLoop)
    }

    /// A server whose loops come from `makeLoop` and whose requests go to `responderOverride`
    /// before the route table.
    init(
        settings: ServerSettings, logger: Logger = Logger(label: "boomerang"),
        responderOverride: ServerContext.ResponderOverride?, makeLoop: @escaping LoopFactory = Server.makeEventLoop
    ) {
        context = ServerContext(settings: settings, log: logger, responderOverride: responderOverride)
        self.makeLoop = makeLoop
    }

    static let makeEventLoop: LoopFactory = { index, sockets, context, completion throws(LibeventError) in
        try EventLoop(index: index, sockets: sockets, host: context, completion: completion)
    }

    /// The settings the server runs with.
    public var settings: ServerSettings { context.settings }

    /// Binds the port and starts the loops; on a running server, only returns its port.
    ///
    /// - Returns: the port the server listens on (the chosen one when the setting is 0).
    /// - Throws: `LibeventError` when the address cannot be resolved, a port is taken, the
    ///   HTTPS certificates cannot be made (the function `HTTPS`) or a loop cannot start;
    ///   whatever was started by then is stopped and closed again.
    @discardableResult
    public func start() throws(LibeventError) -> Int {
        try state.withLock { running throws(LibeventError) -> Int in
            if let running { return running.port }
            let started = try launch()
            context.mappings.startWatching()
            context.noteMissingFolders()
            context.noteExposure()
            running = started
            return started.port
        }
    }

    private func launch() throws(LibeventError) -> Running {
        let settings = context.settings
        let count = settings.loopCount
        var tls = try settings.httpsPort.map { _ throws(LibeventError) in try context.tls.prepare(settings: settings) }
        let (fds, port) = try ListeningSocket.open(host: settings.host, port: settings.port, count: count)
        var sockets = fds.map { [ListenerSocket(fd: $0)] }
        if let requested = settings.httpsPort, let prepared = tls {
            do {
                tls = try Self.openTLSListeners(settings: settings, httpsPort: requested, prepared: prepared, adding: &sockets)
            } catch {
                sockets.forEach { ListeningSocket.close($0.map(\.fd)[...]) }
                throw error
            }
        }
        let completion: LoopCompletion
        do {
            completion = try LoopCompletion()
        } catch {
            sockets.forEach { ListeningSocket.close($0.map(\.fd)[...]) }
            throw error
        }
        var loops: [EventLoop] = []
        for (index, loopSockets) in sockets.enumerated() {
            do {
                loops.append(try makeLoop(index, loopSockets, context, completion))
            } catch {
                // Its sockets went with the failed call; the loops made so far close theirs when released.
                sockets[(index + 1)...].forEach { ListeningSocket.close($0.map(\.fd)[...]) }
                throw error
            }
        }
        let balancer = loops.count > 1 ? LoopBalancer.share(loops) : nil
        var threads: [LoopThread] = []
        for loop in loops {
            do {
                threads.append(try LoopThread.start(loop))
            } catch {
                Self.stop(threads)
                throw error
            }
        }
        if let tls { context.tls.started(tls) }
        return Running(threads: threads, completion: completion, port: port, httpsPort: tls?.httpsPort, balancer: balancer)
    }

    /// Binds the HTTPS port (a socket per loop) and each TLS scenario's (one socket, on the loops
    /// in turn), and adds them to the loops' `sockets`; on failure, those it added stay there for the caller to close
    /// with the rest (a failed bind closes its own).
    ///
    /// - Returns: `prepared` with the ports.
    private static func openTLSListeners(
        settings: ServerSettings, httpsPort requested: Int, prepared: ServerTLS.Running, adding sockets: inout [[ListenerSocket]]
    ) throws(LibeventError) -> ServerTLS.Running {
        var running = prepared
        /// Opens `port` on the loops `loops`, one socket each.
        func open(_ port: Int, on loops: [Int], policy: TLSPolicy, what: String, option: String) throws(LibeventError) -> Int {
            do {
                let (fds, chosen) = try ListeningSocket.open(host: settings.host, port: port, count: loops.count)
                for (fd, index) in zip(fds, loops) {
                    sockets[index].append(ListenerSocket(fd: fd, security: prepared.context, policy: policy))
                }
                return chosen
            } catch {
                guard error.errno == EADDRINUSE else { throw error }
                throw LibeventError(
                    function: "HTTPS", errno: EADDRINUSE,
                    reason: "\(what) port \(port) on \(settings.host) is already in use; choose another with \(option), or turn it off with \(option) off")
            }
        }
        running.httpsPort = try open(requested, on: Array(sockets.indices), policy: TLSPolicy(), what: "the HTTPS", option: "--https-port")
        let first: Int?
        switch settings.tlsScenarioPorts {
        case .off: first = nil
        case .afterHTTPSPort: first = requested == 0 ? 0 : requested + 1
        case .from(let port): first = port
        }
        if let first {
            for (index, scenario) in prepared.scenarios.scenarios.enumerated() {
                let port = first == 0 ? 0 : first + index
                guard port <= 65_535, let policy = prepared.scenarios.policy(named: scenario.name) else { break }
                // A scenario is for a client under test, not for load: one socket, on the loops in
                // turn, which keeps the descriptors and the start-up cost to one per port.
                running.scenarioPorts[scenario.name] = try open(
                    port, on: [index % sockets.count], policy: policy, what: "the TLS scenario \(scenario.name)'s",
                    option: "--tls-scenario-ports")
            }
        }
        return running
    }

    /// The number of client connections open now, over every loop.
    public var openConnections: Int {
        context.connectionBudget.current
    }

    /// The connections each loop holds now (one loop: all of them); empty when the server is
    /// not running.
    var connectionsPerLoop: [Int] {
        state.withLock { running in
            guard let running else { return [] }
            return running.balancer?.connectionsPerLoop ?? [context.connectionBudget.current]
        }
    }

    /// The processor time the event loops have used since they started, in nanoseconds (user and
    /// system, every loop thread); 0 when the server is not running. What a request cost the
    /// server is the difference over it, when nothing else runs on the loops.
    var loopCPUNanoseconds: UInt64 {
        state.withLock { running in running?.threads.reduce(0) { $0 + $1.cpuNanoseconds() } ?? 0 }
    }

    /// The port the running server listens on.
    public var port: Int? {
        state.withLock { $0?.port }
    }

    /// The HTTPS port of the running server, when TLS is on.
    public var httpsPort: Int? {
        state.withLock { $0?.httpsPort }
    }

    /// The port of each TLS scenario of the running server, by name.
    public var tlsScenarioPorts: [String: Int] {
        context.tls.listing?.ports ?? [:]
    }

    /// Makes every TLS scenario's certificate that is not made yet, on a thread of its own, so
    /// that no client waits for an RSA key; failures are logged.
    public func prepareTLSScenarios() {
        guard let listing = context.tls.listing else { return }
        let log = context.log
        listing.scenarios.prepareInBackground { made, failures, nanoseconds in
            for failure in failures {
                log.warning("TLS scenario \(failure.name) has no certificate: \(failure.error)")
            }
            guard made > 0 else { return }
            log.info("made \(made) TLS scenario certificates in \(String(format: "%.2f", Double(nanoseconds) / 1e9)) s (kept in the CA's folder)")
        }
    }

    /// Stops accepting, lets in-flight exchanges finish for up to `settings.shutdownTimeout`
    /// seconds, then closes every connection and joins the loop threads. Returns at once when the
    /// server is not running.
    public func shutdown() {
        state.withLock { running in
            guard let current = running else { return }
            running = nil
            context.tls.stopped()
            context.mappings.stopWatching()
            current.threads.forEach { $0.handle.send(.drain) }
            let timeout = ConnectionConfiguration.nanoseconds(context.settings.shutdownTimeout)
            _ = current.completion.wait(for: current.threads.count, timeoutNanoseconds: timeout)
            Self.stop(current.threads)
        }
    }

    private static func stop(_ threads: [LoopThread]) {
        threads.forEach { $0.handle.send(.stop) }
        threads.forEach { $0.join() }
    }

    /// Reads the mapping files again (what SIGHUP does).
    ///
    /// - Returns: the errors; a mapping or file with an error keeps its last good version.
    @discardableResult
    public func reloadMappings() -> [MappingError] {
        context.mappings.reload(reason: "requested")
    }

    /// Starts the server, serves until SIGINT or SIGTERM, then shuts down gracefully. SIGHUP
    /// reloads the mapping files meanwhile.
    ///
    /// - Parameter onStart: called with the port once the server listens.
    public func runUntilSignalled(onStart: (Int) -> Void) throws(LibeventError) {
        let port = try start()
        let mappings = context.mappings
        // The start-up notices, written off the calling thread, come before what `onStart` prints.
        let ready = {
            _ = LogOutput.shared.waitUntilWritten(timeout: 2)
            onStart(port)
        }
        let signal = try ShutdownSignal.wait(ready: ready, hangup: { mappings.reload(reason: "SIGHUP") })
        context.log.info("received signal \(signal), shutting down")
        shutdown()
        // The last lines, unless the output has stopped moving.
        _ = LogOutput.shared.waitUntilWritten(timeout: 2)
    }
}

extension ServerSettings {
    /// The event loops to run: `threads`, or one per available processor when it is unset.
    var loopCount: Int {
        threads.map { max(1, $0) } ?? LoopThread.processorCount
    }
}

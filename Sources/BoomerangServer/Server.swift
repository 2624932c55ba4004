import BoomerangSerialization
import Logging
import Synchronization

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
public final class Server: Sendable {
    private struct Running {
        var loops: [LoopHandle]
        var threads: [pthread_t]
        var port: Int
    }

    private let context: ServerContext
    private let state = Mutex<Running?>(nil)

    /// Creates a server; nothing is bound until `start()`.
    public init(settings: ServerSettings, logger: Logger = Logger(label: "boomerang")) {
        context = ServerContext(settings: settings, log: logger)
    }

    /// The settings the server runs with.
    public var settings: ServerSettings { context.settings }

    /// Binds the port and starts the loops.
    ///
    /// - Returns: the port the server listens on (the chosen one when the setting is 0).
    /// - Throws: `LibeventError` when the address cannot be resolved or the port is taken.
    @discardableResult
    public func start() throws(LibeventError) -> Int {
        let settings = context.settings
        let count = max(1, settings.threads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let (fds, port) = try ListeningSocket.open(host: settings.host, port: settings.port, count: count)
        var loops: [EventLoop] = []
        do {
            for (index, fd) in fds.enumerated() {
                loops.append(try EventLoop(index: index, listenFD: fd, shared: context))
            }
        } catch {
            fds.forEach { _ = Glibc.close($0) }
            throw error
        }
        var threads: [pthread_t] = []
        for loop in loops {
            var thread = pthread_t()
            let argument = Unmanaged.passRetained(loop).toOpaque()
            guard pthread_create(&thread, nil, runLoopThread, argument) == 0 else {
                Unmanaged<EventLoop>.fromOpaque(argument).release()
                throw LibeventError(function: "pthread_create", errno: errno)
            }
            threads.append(thread)
        }
        state.withLock { $0 = Running(loops: loops.map(\.handle), threads: threads, port: port) }
        return port
    }

    /// The number of client connections open now, over every loop.
    public var openConnections: Int {
        context.connectionBudget.current
    }

    /// The port the running server listens on.
    public var port: Int? {
        state.withLock { $0?.port }
    }

    /// Stops accepting, lets in-flight exchanges finish for up to `settings.shutdownTimeout`
    /// seconds, then closes every connection and joins the loop threads.
    public func shutdown() {
        guard let running = state.withLock({ value -> Running? in
            defer { value = nil }
            return value
        }) else { return }
        running.loops.forEach { $0.send(.drain) }
        let deadline = MonotonicClock.milliseconds() + UInt64(context.settings.shutdownTimeout * 1000)
        while MonotonicClock.milliseconds() < deadline
            && !running.loops.allSatisfy({ $0.finished.load(ordering: .sequentiallyConsistent) })
        {
            usleep(5_000)
        }
        running.loops.forEach { $0.send(.stop) }
        for thread in running.threads {
            pthread_join(thread, nil)
        }
    }

    /// Starts the server, serves until SIGINT or SIGTERM, then shuts down gracefully.
    ///
    /// - Parameter onStart: called with the port once the server listens.
    public func runUntilSignalled(onStart: (Int) -> Void) throws(LibeventError) {
        let port = try start()
        let signal = try ShutdownSignal.wait { onStart(port) }
        context.log.info("received signal \(signal), shutting down")
        shutdown()
    }
}

private func runLoopThread(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let loop = Unmanaged<EventLoop>.fromOpaque(argument!).takeRetainedValue()
    loop.run()
    return nil
}

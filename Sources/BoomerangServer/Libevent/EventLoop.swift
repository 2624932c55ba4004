// One event loop on its own thread: its base, its listener, its connections, a sweep timer for
// deadlines and an eventfd through which other threads ask it to drain or stop. Everything here
// runs on the loop's thread except `LoopHandle`, the Sendable face other threads hold.
import CLibevent
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What other threads may ask of a loop.
final class LoopHandle: Sendable {
    enum Command: Int {
        case none = 0
        case drain = 1
        case stop = 2
    }

    let wakeFD: Int32
    private let command = Atomic<Int>(0)
    let finished = Atomic<Bool>(false)

    init() throws(LibeventError) {
        wakeFD = try cCall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// Asks the loop to drain (finish in-flight exchanges, accept nothing new) or to stop now.
    func send(_ newCommand: Command) {
        _ = command.max(newCommand.rawValue, ordering: .sequentiallyConsistent)
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    var pending: Command {
        Command(rawValue: command.load(ordering: .sequentiallyConsistent)) ?? .none
    }

    deinit {
        Glibc.close(wakeFD)
    }
}

/// An event loop that owns the connections it accepted for their whole life.
final class EventLoop {
    let index: Int
    let base: EventBase
    let shared: ServerContext
    let handle: LoopHandle
    private let listenFD: Int32
    private var listener: Listener?
    private var wakeEvent: Event?
    private var sweepEvent: Event?
    private var acceptResumeEvent: Event?
    private(set) var connections: [Int32: Connection] = [:]
    private(set) var isDraining = false
    /// One read buffer for every connection of this loop: input is parsed straight out of it.
    let readBuffer: UnsafeMutableRawBufferPointer
    let accessLog: AccessLogWriter
    let dates = HTTPDate.Cache()
    private(set) var now = MonotonicClock.milliseconds()

    init(index: Int, listenFD: Int32, shared: ServerContext) throws(LibeventError) {
        self.index = index
        self.listenFD = listenFD
        self.shared = shared
        base = try EventBase()
        handle = try LoopHandle()
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        accessLog = AccessLogWriter(format: shared.settings.logFormat, enabled: shared.settings.accessLog)
    }

    /// Runs the loop on the calling thread until it is stopped or has drained.
    func run() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        do {
            listener = try Listener(base: base, fd: listenFD, context: context, onAccept: loopDidAccept, onError: loopListenerFailed)
            let wake = try Event(base: base, fd: handle.wakeFD, events: Int16(EV_READ | EV_PERSIST), context: context, callback: loopWasWoken)
            wake.add()
            wakeEvent = wake
            let sweep = try Event(base: base, fd: -1, events: Int16(EV_PERSIST), context: context, callback: loopSweepTimerFired)
            sweep.add(timeout: 0.25)
            sweepEvent = sweep
            try base.run()
        } catch {
            shared.log.error("event loop \(index) failed: \(error)")
        }
        teardown()
        handle.finished.store(true, ordering: .sequentiallyConsistent)
    }

    func accepted(fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: Int32) {
        guard !isDraining else {
            Glibc.close(fd)
            return
        }
        guard shared.connectionBudget.acquire() else {
            Connection.refuseOverCapacity(fd: fd)
            shared.connectionBudget.release()
            return
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let remote = address.map { SocketAddress($0, length: socklen_t(length)) }
        do {
            let connection = try Connection(fd: fd, remote: remote, loop: self)
            connections[fd] = connection
            connection.start()
        } catch {
            Glibc.close(fd)
            shared.connectionBudget.release()
            shared.log.warning("could not set up a connection: \(error)")
        }
    }

    /// Called by a connection once it has closed its socket.
    func connectionClosed(_ connection: Connection) {
        connections[connection.fd] = nil
        shared.connectionBudget.release()
        if isDraining && connections.isEmpty {
            base.stop()
        }
    }

    func listenerFailed() {
        // EMFILE/ENFILE: accepting again at once would spin; pause briefly instead.
        let code = errno
        shared.log.warning("accept failed: \(LibeventError(function: "accept", errno: code)); pausing accepts for 100 ms")
        listener?.pause()
        if acceptResumeEvent == nil {
            acceptResumeEvent = try? Event(
                base: base, fd: -1, events: 0, context: Unmanaged.passUnretained(self).toOpaque(), callback: loopResumeAccepting)
        }
        acceptResumeEvent?.add(timeout: 0.1)
    }

    func resumeAccepting() {
        if !isDraining { listener?.resume() }
    }

    func woken() {
        var value: UInt64 = 0
        _ = Glibc.read(handle.wakeFD, &value, 8)
        switch handle.pending {
        case .none:
            break
        case .drain:
            beginDraining()
        case .stop:
            for connection in Array(connections.values) { connection.close() }
            base.stop()
        }
    }

    private func beginDraining() {
        guard !isDraining else { return }
        isDraining = true
        listener?.close()
        listener = nil
        for connection in Array(connections.values) { connection.drain() }
        if connections.isEmpty { base.stop() }
    }

    func sweep() {
        now = MonotonicClock.milliseconds()
        for connection in Array(connections.values) { connection.checkDeadlines(now: now) }
        accessLog.flush()
    }

    private func teardown() {
        for connection in Array(connections.values) { connection.close() }
        listener?.close()
        listener = nil
        wakeEvent?.free()
        sweepEvent?.free()
        acceptResumeEvent?.free()
        accessLog.flush()
    }

    deinit {
        readBuffer.deallocate()
    }
}

private func loop(_ context: UnsafeMutableRawPointer?) -> EventLoop {
    Unmanaged<EventLoop>.fromOpaque(context!).takeUnretainedValue()
}

private func loopDidAccept(_: OpaquePointer?, fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: Int32, context: UnsafeMutableRawPointer?) {
    loop(context).accepted(fd: fd, address: address, length: length)
}

private func loopListenerFailed(_: OpaquePointer?, context: UnsafeMutableRawPointer?) {
    loop(context).listenerFailed()
}

private func loopWasWoken(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).woken()
}

private func loopSweepTimerFired(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).sweep()
}

private func loopResumeAccepting(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).resumeAccepting()
}

// One event loop on its own thread: its base, its listener, its connections, a timer for the
// services' housekeeping, and the handle through which other threads ask it to drain, stop,
// wake a connection or take one over. Everything here runs on the loop's thread,
// except `init` and `deinit`.
import BoomerangRuntime
import BoomerangSerialization
import BoomerangTLS
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// An event loop that owns the connections it accepted for their whole life.
public final class EventLoop {
    let index: Int
    let base: EventBase
    let host: any LoopHost
    let handle: LoopHandle
    private let completion: LoopCompletion
    /// The listening sockets, owned by the loop until their `Listener`s take them over.
    private var sockets: [ListenerSocket]
    private var listeners: [Listener] = []
    private var wakeEvent: Event?
    /// Four times a second: the services' housekeeping.
    private var housekeepingEvent: Event?
    private var acceptResumeEvent: Event?
    /// Accept failures since the last warning about them, and when that was (milliseconds).
    private var acceptFailures = 0
    private var lastAcceptWarning: UInt64?
    /// TLS connections closed for the handshake cap since the last warning about them, and when that was.
    /// Connections closed at accept for the handshake cap, and those that could not be set up.
    private var refusedHandshakes = WarningThrottle()
    private var failedSetups = WarningThrottle()
    private(set) var connections: [Int32: Connection] = [:]
    private var connectionSerial: UInt64 = 0
    private(set) var isDraining = false
    /// One read buffer for every connection of this loop: input is parsed straight out of it.
    let readBuffer: UnsafeMutableRawBufferPointer
    /// Where this loop's TLS connections put ciphertext on its way to the socket; empty until
    /// the loop has a TLS connection.
    private(set) var ciphertextBuffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// Where connections go when another loop holds fewer; nil: this loop keeps what it accepts.
    private var balancer: LoopBalancer?
    /// What the loop's connections call on the server around them (router, history, access log,
    /// metrics).
    let services: any LoopServicing

    /// Creates a loop that owns `listenFD` from now on (it closes it even if it never runs).
    public convenience init(index: Int, listenFD: Int32, host: any LoopHost, completion: LoopCompletion) throws(LibeventError) {
        try self.init(index: index, sockets: [ListenerSocket(fd: listenFD)], host: host, completion: completion)
    }

    /// Creates a loop that accepts on each of `sockets` and owns them from now on (it closes
    /// them even if it never runs).
    public init(index: Int, sockets: [ListenerSocket], host: any LoopHost, completion: LoopCompletion) throws(LibeventError) {
        self.index = index
        self.sockets = sockets
        self.host = host
        self.completion = completion
        do {
            base = try EventBase()
            handle = try LoopHandle()
        } catch {
            sockets.forEach { _ = Glibc.close($0.fd) }
            throw error
        }
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        services = host.services(forLoop: index)
    }

    /// Shares the connections with the other loops behind `balancer`. Called before the loop runs.
    func balance(with balancer: LoopBalancer) {
        self.balancer = balancer
    }

    /// Runs the loop on the calling thread until it is stopped or has drained, then tells the
    /// completion.
    func run() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        do {
            while let socket = sockets.first {
                listeners.append(try Listener(base: base, socket: socket, loop: self))
                sockets.removeFirst()
            }
            let wake = try Event(base: base, fd: handle.wakeFD, events: Int16(EV_READ | EV_PERSIST), context: context, callback: loopWasWoken)
            wake.add()
            wakeEvent = wake
            let housekeeping = try Event(base: base, fd: -1, events: Int16(EV_PERSIST), context: context, callback: loopHousekeepingTimerFired)
            housekeeping.add(timeout: 0.25)
            housekeepingEvent = housekeeping
            if handle.pending == .none {
                try base.run()
            }
        } catch {
            host.log.error("event loop \(index) failed: \(error)")
        }
        teardown()
        completion.signal()
    }

    /// The most bytes an accepted socket holds unsent (`TCP_NOTSENT_LOWAT`).
    static let maxUnsentSocketBytes: Int32 = 128 << 10

    func accepted(fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: Int32, security: TLSServerContext?, policy: TLSPolicy) {
        let remote = address.map { SocketAddress($0, length: socklen_t(length)) }
        if let balancer, !balancer.place(HandedConnection(fd: fd, remote: remote, security: security, policy: policy), acceptedBy: index) {
            return
        }
        adopt(fd: fd, remote: remote, security: security, policy: policy)
    }

    /// Sets up a connection this loop accepted or was handed.
    private func adopt(fd: Int32, remote: SocketAddress?, security: TLSServerContext?, policy: TLSPolicy) {
        guard !isDraining else {
            Glibc.close(fd)
            balancer?.released(from: index)
            return
        }
        guard host.connectionBudget.acquire() else {
            Connection.refuseOverCapacity(fd: fd)
            releasePlace()
            return
        }
        if let security, !security.admitHandshake() {
            Glibc.close(fd)
            releasePlace()
            if let count = refusedHandshakes.occurred() {
                host.log.warning("\(count) TLS connection(s) closed at once: \(security.maxHandshakesInFlight) handshakes were already under way")
            }
            return
        }
        host.connectionOpened()
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        // The socket takes no more than this much not yet sent: a reader that does not read (a
        // closed window) holds this, not the send buffer's autotuned megabytes, and the loop does
        // not spend its time copying bodies into buffers nobody drains. Bytes in flight are not
        // counted, so fast readers keep their throughput.
        var notSentLimit = EventLoop.maxUnsentSocketBytes
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NOTSENT_LOWAT, &notSentLimit, socklen_t(MemoryLayout<Int32>.size))
        if security != nil, ciphertextBuffer.isEmpty { ciphertextBuffer = .allocate(byteCount: 64 * 1024, alignment: 16) }
        connectionSerial &+= 1
        let id = connectionSerial << 32 | UInt64(UInt32(bitPattern: fd))
        do {
            let connection = try Connection(fd: fd, id: id, remote: remote, loop: self, security: security, policy: policy)
            connections[fd] = connection
            connection.start()
        } catch {
            Glibc.close(fd)
            releasePlace()
            security?.handshakeEnded()
            if let count = failedSetups.occurred() {
                host.log.warning("\(count) connection(s) closed at once, could not be set up: \(error)")
            }
        }
    }

    /// Called by a connection once it has closed its socket.
    func connectionClosed(_ connection: Connection) {
        connections[connection.fd] = nil
        releasePlace()
        if isDraining && connections.isEmpty {
            base.stop()
        }
    }

    func listenerFailed() {
        // EMFILE/ENFILE: accepting again at once would spin; pause briefly instead.
        let code = errno
        acceptFailures += 1
        // Logged the first time, then at most once every ten seconds with the count meanwhile: a
        // loop out of descriptors fails ten times a second.
        let now = MonotonicClock.milliseconds()
        if lastAcceptWarning.map({ now &- $0 >= 10_000 }) ?? true {
            let since = acceptFailures == 1 ? "" : " (\(acceptFailures) failures since the last warning)"
            host.log.warning("\(LibeventError(function: "accept", errno: code)); pausing accepts for 100 ms each time\(since)")
            lastAcceptWarning = now
            acceptFailures = 0
        }
        listeners.forEach { $0.pause() }
        if acceptResumeEvent == nil {
            acceptResumeEvent = try? Event(
                base: base, fd: -1, events: 0, context: Unmanaged.passUnretained(self).toOpaque(), callback: loopResumeAccepting)
        }
        acceptResumeEvent?.add(timeout: 0.1)
    }

    func resumeAccepting() {
        if !isDraining { listeners.forEach { $0.resume() } }
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
            stopAccepting()
            for connection in Array(connections.values) { connection.stop() }
            base.stop()
            return
        }
        for handed in balancer?.takeHanded(by: index) ?? [] {
            adopt(fd: handed.fd, remote: handed.remote, security: handed.security, policy: handed.policy)
        }
        for id in handle.takeWokenConnections() {
            guard let connection = connections[Int32(bitPattern: UInt32(truncatingIfNeeded: id))], connection.id == id else { continue }
            connection.woken()
        }
    }

    /// Gives back a connection's place in the server's budget and in the balancer's count.
    private func releasePlace() {
        host.connectionBudget.release()
        balancer?.released(from: index)
    }

    /// Takes no more connections from the other loops, and closes those handed and not taken up.
    private func stopAccepting() {
        for handed in balancer?.stopsAccepting(index) ?? [] { Glibc.close(handed.fd) }
    }

    private func beginDraining() {
        guard !isDraining else { return }
        isDraining = true
        stopAccepting()
        listeners.forEach { $0.close() }
        listeners = []
        for connection in Array(connections.values) { connection.drain() }
        if connections.isEmpty { base.stop() }
    }

    func housekeep() {
        services.housekeep(now: MonotonicClock.milliseconds())
    }

    private func teardown() {
        stopAccepting()
        for connection in Array(connections.values) { connection.stop() }
        listeners.forEach { $0.close() }
        listeners = []
        wakeEvent?.free()
        housekeepingEvent?.free()
        acceptResumeEvent?.free()
        services.flush()
    }

    deinit {
        sockets.forEach { _ = Glibc.close($0.fd) }
        readBuffer.deallocate()
        ciphertextBuffer.deallocate()
    }
}

private func loop(_ context: UnsafeMutableRawPointer?) -> EventLoop {
    Unmanaged<EventLoop>.fromOpaque(context!).takeUnretainedValue()
}

private func loopWasWoken(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).woken()
}

private func loopHousekeepingTimerFired(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).housekeep()
}

private func loopResumeAccepting(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    loop(context).resumeAccepting()
}

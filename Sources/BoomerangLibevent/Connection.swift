// One accepted TCP connection: the libevent driver of a `ConnectionStateMachine`. It reads,
// sends, watches the socket and keeps the one timer, as the state machine asks, and decides
// nothing itself. On an HTTPS listener a `TLSSession` sits between the socket and the state
// machine (Connection+TLS.swift). Owned by its loop's connection table from accept to close and confined to that
// loop's thread. Its read, write and timer events, and the close watch kept while reading is
// paused, carry an unretained pointer to it; they are freed in `close()`, before the loop drops
// the connection.
import BoomerangExchange
import BoomerangHTTP1
import BoomerangHTTP2
import BoomerangRuntime
import BoomerangSerialization
import BoomerangTLS
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// The socket side of one client connection.
final class Connection {
    let fd: Int32
    /// Unique within the loop for its whole life (the fd is in the low 32 bits); wakes carry it.
    let id: UInt64
    unowned let loop: EventLoop
    /// The client's address, without the port.
    let remoteHost: String
    // Confined to the loop's thread (above): no dynamic exclusivity checks on every callback.
    @exclusivity(unchecked) var machine: ConnectionStateMachine
    @exclusivity(unchecked) private var readEvent: Event?
    @exclusivity(unchecked) private var writeEvent: Event?
    @exclusivity(unchecked) private var timerEvent: Event?
    /// Present while reading is paused, where the platform can report the client's end.
    @exclusivity(unchecked) private var closeWatch: PeerCloseWatch?
    @exclusivity(unchecked) var isWaitingForWritable = false
    @exclusivity(unchecked) private(set) var isClosed = false
    /// The TLS between the socket and the state machine, on an HTTPS listener.
    @exclusivity(unchecked) var tls: TLSState?
    /// The HTTP/2 machine, once the connection speaks HTTP/2 (Connection+Protocol.swift); the
    /// HTTP/1.1 machine above is then unused.
    @exclusivity(unchecked) var http2: HTTP2ConnectionMachine?
    /// Whether the first plain bytes are still to be told apart: the HTTP/2 preface or HTTP/1.1.
    @exclusivity(unchecked) var isProbingPreface: Bool
    /// The start of a preface split over reads.
    @exclusivity(unchecked) var prefaceProbe: [UInt8]?

    /// At most this many bytes are sent in one callback, so that a fast reader of an endless
    /// stream does not keep the loop from its other connections.
    static let maxBytesPerFlush = 4 << 20

    init(
        fd: Int32, id: UInt64, remote: SocketAddress?, loop: EventLoop, security: TLSServerContext? = nil, policy: TLSPolicy = TLSPolicy()
    ) throws(LibeventError) {
        self.fd = fd
        self.id = id
        self.loop = loop
        remoteHost = remote?.host ?? ""
        isProbingPreface = security == nil && loop.host.acceptsPriorKnowledge
        machine = ConnectionStateMachine(
            configuration: loop.host.connectionConfiguration, services: loop.services, remoteHost: remoteHost,
            waker: ConnectionWaker(target: loop.handle, connectionID: id), now: MonotonicClock.nanoseconds())
        let context = Unmanaged.passUnretained(self).toOpaque()
        readEvent = try Event(base: loop.base, fd: fd, events: Int16(EV_READ | EV_PERSIST), context: context, callback: connectionReadable)
        writeEvent = try Event(base: loop.base, fd: fd, events: Int16(EV_WRITE | EV_PERSIST), context: context, callback: connectionWritable)
        // A timer is `event_new` with fd -1 (the `evtimer_new` macro).
        timerEvent = try Event(base: loop.base, fd: -1, events: 0, context: context, callback: connectionTimerFired)
        if let security {
            let session: TLSSession
            do {
                session = try TLSSession(context: security, localName: SocketAddress.local(of: fd)?.host ?? "localhost", policy: policy)
            } catch {
                throw LibeventError(function: "TLS", errno: 0, reason: "\(error)")
            }
            let deadline = try Event(base: loop.base, fd: -1, events: 0, context: context, callback: connectionHandshakeTimedOut)
            tls = TLSState(session: session, context: security, deadline: deadline, startedAt: MonotonicClock.nanoseconds())
        }
    }

    /// Answers a connection over the cap with a 503 and closes it, without keeping any state.
    static func refuseOverCapacity(fd: Int32) {
        sendRefusal(ServerError(.tooManyConnections, "the server has reached its connection cap"), to: fd)
        Glibc.close(fd)
    }

    /// Sends `error`'s refusal document in plain HTTP, once, on a connection about to close.
    static func sendRefusal(_ error: ServerError, to fd: Int32) {
        let response = ConnectionStateMachine.refusalResponse(error)
        let bytes = ResponseWriter.render(response, method: .get, version: (1, 1), keepAlive: false, date: HTTPDate.now())
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    // MARK: Events in

    func start() {
        let now = MonotonicClock.nanoseconds()
        tls?.deadline?.add(afterNanoseconds: tls!.context.handshakeTimeoutNanoseconds)
        machine.start(now: now)
        perform(now: now)
    }

    fileprivate func readable() {
        guard !isClosed else { return }
        let buffer = loop.readBuffer
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        let now = MonotonicClock.nanoseconds()
        if count > 0 {
            if tls != nil {
                receivedCiphertext(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), now: now)
            } else {
                protocolReceived(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), now: now)
            }
        } else if tls?.discardsInput == true, count == 0 || (errno != EAGAIN && errno != EINTR) {
            return close()
        } else if count == 0, tls?.closesWhenFlushed == true {
            // The client ended its side while the last ciphertext waits to leave: only that flush,
            // or its deadline, is left. The end stays readable, and would be read again and again.
            reportUnfinishedHandshake(.clientClosed, now: now)
            readEvent?.remove()
            return
        } else if count == 0 {
            reportUnfinishedHandshake(.clientClosed, now: now)
            protocolPeerClosed(now: now)
        } else if errno == EAGAIN || errno == EINTR {
            return
        } else {
            reportUnfinishedHandshake(.clientClosed, now: now)
            protocolTransportFailed(now: now)
        }
        perform(now: now)
    }

    fileprivate func writable() {
        guard !isClosed else { return }
        let now = MonotonicClock.nanoseconds()
        flush(now: now)
        perform(now: now)
    }

    fileprivate func timerFired() {
        guard !isClosed else { return }
        if tls?.closesWhenFlushed == true { return close() }
        let now = MonotonicClock.nanoseconds()
        protocolTimerFired(now: now)
        perform(now: now)
    }

    /// The socket changed while reading is paused: the client may have ended its side behind
    /// bytes not read yet, or reset the connection.
    fileprivate func changedWhilePaused(_ what: Int16) {
        guard !isClosed else { return }
        let now = MonotonicClock.nanoseconds()
        switch PeerCloseWatch.report(what, fd: fd) {
        case .ended:
            protocolPeerClosedBehindUnreadInput(now: now)
        case .failed:
            protocolTransportFailed(now: now)
        case .nothing:
            return
        }
        perform(now: now)
    }

    /// The connection's waker was woken (delivered by the loop on its own thread).
    func woken() {
        guard !isClosed, tls?.discardsInput != true else { return }
        let now = MonotonicClock.nanoseconds()
        if tls?.awaitsCredential == true {
            resumeHandshake(now: now)
        } else {
            protocolWoken(now: now)
        }
        perform(now: now)
    }

    /// The server drains: finish the exchange in progress, then close.
    func drain() {
        guard !isClosed else { return }
        let now = MonotonicClock.nanoseconds()
        protocolDrainRequested(now: now)
        perform(now: now)
    }

    /// Closes now, whatever the connection was doing.
    func stop() {
        guard !isClosed else { return }
        protocolStopRequested()
        perform(now: MonotonicClock.nanoseconds())
        // A TLS connection may still wait to send its close_notify: the loop is ending, it does not wait.
        if !isClosed { close() }
    }

    // MARK: Actions out

    func perform(now: UInt64) {
        while let action = nextAction() {
            switch action {
            case .send:
                if !isWaitingForWritable { flush(now: now) }
            case .pauseReading:
                readEvent?.remove()
                if closeWatch == nil {
                    closeWatch = PeerCloseWatch(
                        fd: fd, base: loop.base, context: Unmanaged.passUnretained(self).toOpaque(),
                        callback: connectionChangedWhilePaused)
                }
            case .resumeReading:
                resumeReading()
            case .armTimer(let deadline):
                timerEvent?.add(afterNanoseconds: deadline > now ? deadline - now : 0)
            case .shutdownWrite:
                if tls != nil {
                    shutDownSecured(now: now)
                } else {
                    shutdown(fd, Int32(SHUT_WR))
                }
            case .close:
                if tls != nil {
                    closeSecured(now: now)
                } else {
                    close()
                }
            case .reset:
                resetNow()
            case .upgradeToHTTP2:
                if let upgrade = machine.takeH2CUpgrade() { upgradeToHTTP2(upgrade, now: now) }
            }
        }
    }

    /// Watches the socket for input again, and no longer only for its end.
    func resumeReading() {
        closeWatch?.stop()
        closeWatch = nil
        readEvent?.add()
    }

    /// Sends queued output until the socket is full, reporting each send; waits for writability
    /// while some remains.
    func flush(now: UInt64) {
        if tls != nil { return flushSecured(now: now) }
        if let http2 {
            var output = http2
            return flush(&output, now: now)
        }
        flush(&machine, now: now)
    }

    /// ``flush(now:)`` for one protocol machine, specialised for each: the HTTP/1.1 path stays
    /// as direct as it was before HTTP/2 came.
    @inline(__always)
    private func flush<Machine: ConnectionOutput>(_ output: inout Machine, now: UInt64) {
        var budget = Connection.maxBytesPerFlush
        while output.hasPendingOutput {
            let (written, attempted) = output.withPendingOutput { bytes in
                (send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)), bytes.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { break }
                output.transportFailed(now: now)
                return
            }
            output.sent(written, now: now)
            budget -= written
            if written < attempted || budget <= 0 { break }
        }
        waitForWritable(output.hasPendingOutput)
    }

    /// Closes with a reset (an RST, through `SO_LINGER` 0).
    func resetNow() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    /// Watches for writability exactly while `waiting`.
    func waitForWritable(_ waiting: Bool) {
        guard waiting != isWaitingForWritable else { return }
        isWaitingForWritable = waiting
        if waiting {
            writeEvent?.add()
        } else {
            writeEvent?.remove()
        }
    }

    /// Arms the connection's one timer, for `nanoseconds` from now.
    func armTimer(afterNanoseconds nanoseconds: UInt64) {
        timerEvent?.add(afterNanoseconds: nanoseconds)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        readEvent?.free()
        writeEvent?.free()
        timerEvent?.free()
        closeWatch?.stop()
        closeWatch = nil
        readEvent = nil
        writeEvent = nil
        timerEvent = nil
        tls?.end()
        tls = nil
        Glibc.close(fd)
        loop.connectionClosed(self)
    }
}

private func connection(_ context: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
}

private func connectionReadable(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = connection(context)
    withExtendedLifetime(connection) { connection.readable() }
}

private func connectionWritable(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = connection(context)
    withExtendedLifetime(connection) { connection.writable() }
}

private func connectionTimerFired(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = connection(context)
    withExtendedLifetime(connection) { connection.timerFired() }
}

private func connectionHandshakeTimedOut(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = connection(context)
    withExtendedLifetime(connection) { connection.handshakeTimedOut() }
}

private func connectionChangedWhilePaused(_: Int32, what: Int16, context: UnsafeMutableRawPointer?) {
    let connection = connection(context)
    withExtendedLifetime(connection) { connection.changedWhilePaused(what) }
}

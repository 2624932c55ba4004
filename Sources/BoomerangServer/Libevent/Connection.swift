// One accepted TCP connection, owned by its loop's connection table from accept to close and
// confined to that loop's thread. Its read, write and delay events carry an unretained pointer to
// it; they are freed in `close()`, before the loop drops the connection.
import BoomerangSerialization
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// The transport and HTTP/1.1 exchange state of one client connection.
final class Connection {
    enum Phase {
        /// Between requests, waiting for the first byte of the next one.
        case idle
        /// Part of a request head has arrived.
        case head
        /// The head is complete; the body is arriving.
        case body
        /// The request is complete; its response waits on a delay timer.
        case delayed
        /// The response is written and the write side shut; reading and discarding until EOF.
        case lingering
    }

    let fd: Int32
    let remote: SocketAddress?
    /// The client's address as text, computed once per connection.
    let remoteHost: String
    unowned let loop: EventLoop
    private var readEvent: Event?
    private var writeEvent: Event?
    /// The timer of a delayed response (`x-set-response-delay-ms`), made on first use.
    private var delayEvent: Event?
    private var delayedResponse: Response?
    private var parser: HTTPRequestParser
    private var exchange: Exchange?
    private var phase = Phase.idle
    private var phaseSince: UInt64
    private var isClosed = false
    /// Input that arrived while processing was paused (pipelined requests behind a delayed response).
    private var inbox: [UInt8] = []
    private var isPaused = false
    private var outbox: [UInt8] = []
    private var outboxStart = 0
    private var lastWriteProgress: UInt64 = 0
    private var closeWhenFlushed = false
    private var drainRequested = false
    private var requestsServed = 0

    private static let lingerMilliseconds: UInt64 = 2000
    private static let outboxHighWater = 1 << 20

    init(fd: Int32, remote: SocketAddress?, loop: EventLoop) throws(LibeventError) {
        self.fd = fd
        self.remote = remote
        remoteHost = remote?.host ?? ""
        self.loop = loop
        parser = HTTPRequestParser(configuration: loop.shared.parserConfiguration)
        phaseSince = loop.now
        let context = Unmanaged.passUnretained(self).toOpaque()
        readEvent = try Event(base: loop.base, fd: fd, events: Int16(EV_READ | EV_PERSIST), context: context, callback: connectionReadable)
        writeEvent = try Event(base: loop.base, fd: fd, events: Int16(EV_WRITE | EV_PERSIST), context: context, callback: connectionWritable)
    }

    func start() {
        readEvent?.add()
    }

    /// Answers a connection over the cap with a 503 and closes it, without keeping any state.
    static func refuseOverCapacity(fd: Int32) {
        let response = ResponseWriter.errorResponse(
            status: 503, code: "tooManyConnections", message: "the server has reached its connection cap")
        let bytes = ResponseWriter.render(response, method: .get, version: (1, 1), keepAlive: false, date: HTTPDate.now())
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        Glibc.close(fd)
    }

    // MARK: Reading

    func readable() {
        guard !isClosed else { return }
        let buffer = loop.readBuffer
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if count > 0 {
            if phase == .lingering { return }
            process(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
        } else if count == 0 {
            peerClosed()
        } else if errno != EAGAIN && errno != EINTR {
            close()
        }
    }

    private func process(_ input: UnsafeRawBufferPointer) {
        var offset = 0
        // Runs until the parser needs more input, even with none left: a complete head can
        // still owe its `.end` (a request without a body).
        while !isClosed {
            if isPaused {
                if offset < input.count {
                    inbox.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[offset...]))
                }
                readEvent?.remove()
                return
            }
            let rest = UnsafeRawBufferPointer(rebasing: input[offset...])
            let event: HTTPRequestParser.Event?
            let consumed: Int
            do {
                (event, consumed) = try parser.parse(rest)
            } catch {
                loop.shared.history?.recordRefusal(error, exchange: exchange, input: rest, remoteHost: remoteHost, loop: loop.index)
                fail(error)
                return
            }
            if let event {
                handle(event, in: rest)
            }
            offset += consumed
            if event == nil { break }
        }
        if phase == .idle && !parser.isIdle && !isClosed {
            phase = .head
            phaseSince = loop.now
        }
    }

    private func handle(_ event: HTTPRequestParser.Event, in input: UnsafeRawBufferPointer) {
        switch event {
        case .head(let head):
            phase = .body
            phaseSince = loop.now
            let context = RequestContext(
                head: head,
                remoteHost: remoteHost,
                requestID: loop.shared.requestIDs.next(),
                loopIndex: loop.index,
                receivedAt: MonotonicClock.nanoseconds()
            )
            exchange = Exchange(context: context, responder: loop.shared.router.responder(for: context))
            if head.expectsContinue && head.version.minor >= 1 {
                write(ResponseWriter.continueLine)
            }
        case .body(let range):
            exchange?.received(UnsafeRawBufferPointer(rebasing: input[range]))
        case .end(let trailers):
            guard exchange != nil else { return }
            let response = exchange!.finish(trailers: trailers)
            if response.delayMilliseconds > 0 {
                phase = .delayed
                isPaused = true
                scheduleDelayedResponse(response)
            } else {
                respond(response)
            }
        }
    }

    private func peerClosed() {
        switch phase {
        case .lingering:
            close()
        case .delayed:
            // A half-closed client still gets its answer (the request was complete).
            closeWhenFlushed = true
            readEvent?.remove()
        default:
            do {
                try parser.finish()
            } catch {
                exchange?.aborted = true
            }
            if outboxPending {
                closeWhenFlushed = true
                readEvent?.remove()
            } else {
                close()
            }
        }
    }

    // MARK: Responding

    private func respond(_ response: Response) {
        guard let head = exchange?.context.head, !isClosed else { return }
        let keepAlive = head.keepAlive && !response.closeConnection && !drainRequested && !loop.isDraining
        let bytes = ResponseWriter.render(
            response, method: head.method, version: (head.version.major, head.version.minor),
            keepAlive: keepAlive, date: loop.dates.current(now: loop.now))
        exchange!.responseBytes = bytes.count
        exchange!.status = response.status
        loop.shared.history?.recordResponse(exchange!, response)
        loop.accessLog.record(exchange!, now: MonotonicClock.nanoseconds())
        exchange = nil
        requestsServed += 1
        phase = .idle
        phaseSince = loop.now
        if !keepAlive {
            closeWhenFlushed = true
            isPaused = true
            readEvent?.remove()
        }
        write(bytes)
        if !keepAlive || isClosed { return }
        if isPaused && phase == .idle {
            resumeProcessing()
        }
    }

    private func resumeProcessing() {
        isPaused = false
        readEvent?.add()
        guard !inbox.isEmpty else { return }
        let pending = inbox
        inbox = []
        pending.withUnsafeBytes { process($0) }
    }

    private func scheduleDelayedResponse(_ response: Response) {
        delayedResponse = response
        if delayEvent == nil {
            delayEvent = try? Event(
                base: loop.base, fd: -1, events: 0, context: Unmanaged.passUnretained(self).toOpaque(),
                callback: connectionDelayElapsed)
        }
        guard let delayEvent else {
            delayedResponse = nil
            respond(response)
            return
        }
        delayEvent.add(timeout: Double(response.delayMilliseconds) / 1000)
    }

    fileprivate func delayElapsed() {
        guard !isClosed, phase == .delayed, let response = delayedResponse else { return }
        delayedResponse = nil
        respond(response)
    }

    /// Answers a request the parser refused, then closes.
    private func fail(_ error: HTTPParseError) {
        let response = ResponseWriter.errorResponse(
            status: error.status, code: "\(error.code)", message: error.description, offset: error.offset)
        exchange?.aborted = true
        loop.accessLog.recordRefused(remote: remoteHost, status: error.status, reason: "\(error.code)")
        exchange = nil
        closeWhenFlushed = true
        isPaused = true
        readEvent?.remove()
        let bytes = ResponseWriter.render(
            response, method: .get, version: (1, 1), keepAlive: false, date: loop.dates.current(now: loop.now))
        write(bytes)
    }

    // MARK: Writing

    private var outboxPending: Bool { outboxStart < outbox.count }

    private func write(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        if outboxPending {
            outbox.append(contentsOf: bytes)
        } else {
            let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written == bytes.count {
                flushed()
                return
            }
            if written < 0 && errno != EAGAIN && errno != EINTR {
                close()
                return
            }
            outbox = Array(bytes[max(written, 0)...])
            outboxStart = 0
            writeEvent?.add()
            // The write timeout counts from here and from each send that moves bytes; appending
            // to a queue that is not moving is no progress.
            lastWriteProgress = loop.now
        }
        if outbox.count - outboxStart > Connection.outboxHighWater {
            readEvent?.remove()
        }
    }

    func writable() {
        guard !isClosed else { return }
        let written = outbox.withUnsafeBytes { bytes in
            send(fd, bytes.baseAddress! + outboxStart, bytes.count - outboxStart, Int32(MSG_NOSIGNAL))
        }
        if written < 0 {
            if errno != EAGAIN && errno != EINTR { close() }
            return
        }
        outboxStart += written
        lastWriteProgress = loop.now
        if !outboxPending {
            outbox = []
            outboxStart = 0
            writeEvent?.remove()
            flushed()
        }
    }

    private func flushed() {
        if closeWhenFlushed || (drainRequested && phase == .idle) {
            beginLingering()
            return
        }
        if phase == .idle {
            // The idle clock starts when the last byte has left, not when the response was built.
            phaseSince = loop.now
        }
        if !isPaused && !isClosed {
            readEvent?.add()
        }
    }

    /// Shuts the write side and reads until the client closes (or briefly), so that a response
    /// followed by close is not destroyed by a reset from unread input.
    private func beginLingering() {
        guard !isClosed, phase != .lingering else { return }
        shutdown(fd, Int32(SHUT_WR))
        phase = .lingering
        phaseSince = loop.now
        isPaused = false
        inbox = []
        readEvent?.add()
    }

    // MARK: Life cycle

    func drain() {
        drainRequested = true
        if phase == .idle && !outboxPending {
            close()
        }
    }

    func checkDeadlines(now: UInt64) {
        let settings = loop.shared.settings
        let elapsed = now &- phaseSince
        if outboxPending && now &- lastWriteProgress > UInt64(settings.writeTimeout * 1000) {
            close()
            return
        }
        // A final response (an error, a timeout, `Connection: close`) is queued: only the write
        // timeout applies until it has left.
        if closeWhenFlushed { return }
        switch phase {
        case .idle:
            if !outboxPending && elapsed > UInt64(settings.idleTimeout * 1000) { close() }
        case .head:
            if elapsed > UInt64(settings.headerTimeout * 1000) {
                timeOut(code: "headerTimeout", message: "the request head did not arrive within \(settings.headerTimeout) s")
            }
        case .body:
            let grace = UInt64(settings.bodyRateGracePeriod * 1000)
            guard elapsed > grace, let exchange else { return }
            let rate = exchange.bodyBytes * 1000 / Int64(max(elapsed, 1))
            if rate < Int64(settings.minBodyBytesPerSecond) {
                timeOut(code: "bodyTooSlow", message: "the body arrived at \(rate) bytes/s, under the minimum of \(settings.minBodyBytesPerSecond)")
            }
        case .delayed:
            break
        case .lingering:
            if elapsed > Connection.lingerMilliseconds { close() }
        }
    }

    private func timeOut(code: String, message: String) {
        loop.shared.history?.recordTimeout(code: code, message: message, exchange: exchange, remoteHost: remoteHost, loop: loop.index)
        exchange?.aborted = true
        exchange = nil
        closeWhenFlushed = true
        isPaused = true
        readEvent?.remove()
        loop.accessLog.recordRefused(remote: remoteHost, status: 408, reason: code)
        let response = ResponseWriter.errorResponse(status: 408, code: code, message: message)
        write(ResponseWriter.render(response, method: .get, version: (1, 1), keepAlive: false, date: loop.dates.current(now: loop.now)))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let exchange, exchange.aborted || phase == .body || phase == .head {
            loop.shared.history?.recordAbort(exchange)
            loop.accessLog.recordRefused(remote: remoteHost, status: 0, reason: "aborted \(exchange.context.head.method) \(exchange.context.head.target)")
        }
        readEvent?.free()
        writeEvent?.free()
        delayEvent?.free()
        readEvent = nil
        writeEvent = nil
        delayEvent = nil
        Glibc.close(fd)
        loop.connectionClosed(self)
    }
}

private func connectionReadable(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
    withExtendedLifetime(connection) { connection.readable() }
}

private func connectionWritable(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
    withExtendedLifetime(connection) { connection.writable() }
}

private func connectionDelayElapsed(_: Int32, _: Int16, context: UnsafeMutableRawPointer?) {
    let connection = Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
    withExtendedLifetime(connection) { connection.delayElapsed() }
}

import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

/// The HTTP/2 life of one client connection, without sockets, events or clocks: the HTTP/2
/// counterpart of HTTP/1.1's `ConnectionStateMachine`, driven the same way. A driver feeds it
/// what happened (bytes arrived, bytes sent, the timer fired, the peer closed, the server drains)
/// with the time, and performs the ``ConnectionAction``s it asks for.
///
/// Each stream is one exchange under the same core as HTTP/1.1: the request's head is routed to a
/// responder, its body fed to it as it arrives, and the response (whole, delayed or streamed)
/// handed to an ``HTTP2Session`` that frames it.
///
/// Rules:
/// - A request body's window reopens only as the responder has taken the bytes, so an upload is
///   never buffered whole; a body past ``HTTP2Configuration/maxBodyBytes`` is answered 413 and
///   its stream reset.
/// - Output: framed bytes are taken from the session only while less than
///   ``HTTP2Configuration/outputHighWater`` waits for the socket, and a response stream is pulled
///   only while less than ``HTTP2Configuration/streamRefillBytes`` of it waits in the session.
/// - Deadlines: a connection with no stream open and nothing to send closes (GOAWAY) at the idle
///   timeout; output that does not move for the write timeout closes it; delays and stream waits
///   are per stream, on the connection's one timer.
/// - A drain sends GOAWAY: open streams finish, no new one starts, then the connection closes.
/// - The client's end (a FIN or a reset) ends every stream in progress as abandoned.
public final class HTTP2ConnectionMachine {
    /// The connection's limits: the server's, with ``edges`` in their place. Read on every
    /// event, on the connection's one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) var configuration: HTTP2Configuration
    /// The server's limits, which edges asked for midway replace.
    let serverConfiguration: HTTP2Configuration
    /// The settings at their edges the connection runs with; nil for the server's own.
    @exclusivity(unchecked) var edges: HTTP2Edges?
    let services: any ConnectionServices
    let remoteHost: String
    /// The connection's id as the echo shows it.
    let connectionName: String
    let security: TransportSecurity?
    let waker: ConnectionWaker
    let session: HTTP2Session
    /// The exchanges in progress, by stream.
    var streams: [Int32: HTTP2StreamExchange] = [:]
    /// Framed output: `output[outputOffset...]` waits for the socket.
    @usableFromInline var output: [UInt8] = []
    @usableFromInline var outputOffset = 0
    var lastWriteProgress: UInt64 = 0
    /// When the connection last had no stream open and nothing to send.
    var idleSince: UInt64
    var readingEnabled = false
    var armedDeadline: UInt64?
    var isDraining = false
    /// A GOAWAY a fault asked for, sent once the stream that asked has closed.
    var pendingGoAway: (code: UInt32, lastStream: Int32, after: Int32)?
    /// The connection is over once its output has left.
    var closesWhenFlushed = false
    /// When the connection's output had all left and its write side was shut: it reads on,
    /// dropping what comes, until the client closes or the linger timeout.
    var lingeringSince: UInt64?
    var isClosed = false
    /// Whether a response head has been handed to the session (the TLS truncation scenario cuts
    /// the first output that carries one).
    public internal(set) var hasResponded = false
    /// Bytes queued and sent since the connection opened.
    var queuedTotal = 0
    var sentTotal = 0
    /// ``sentTotal`` when the output was last empty.
    var sentWhenLastEmpty = 0
    @usableFromInline var actions: [ConnectionAction] = []
    @usableFromInline var nextActionIndex = 0

    /// Starts a connection; the server's SETTINGS are its first output.
    ///
    /// - Parameters:
    ///   - configuration: the server's limits.
    ///   - edges: the settings at their edges to run with in their place (an HTTP/2 scenario, or
    ///     an h2c upgrade that asked for them); nil for the server's own.
    ///   - connectionName: the connection's id as echoed (`<loop>.<number>`).
    ///   - security: what TLS said, over h2; nil for h2c.
    /// - Throws: ``HTTP2Error`` when nghttp2 cannot make the session.
    public init(
        configuration: HTTP2Configuration, edges: HTTP2Edges? = nil, services: any ConnectionServices, remoteHost: String,
        connectionName: String, security: TransportSecurity?, waker: ConnectionWaker, now: UInt64
    ) throws(HTTP2Error) {
        serverConfiguration = configuration
        self.edges = edges
        let configuration = edges.map(configuration.applying) ?? configuration
        self.configuration = configuration
        self.services = services
        self.remoteHost = remoteHost
        self.connectionName = connectionName
        self.security = security
        self.waker = waker
        session = try HTTP2Session(configuration: configuration)
        idleSince = now
        lastWriteProgress = now
        actions.reserveCapacity(8)
    }

    /// Takes over a connection whose HTTP/1.1 request asked for h2c: `leadingOutput` (the 101
    /// and whatever the HTTP/1.1 side had not sent) goes first, then the server's SETTINGS, and
    /// the request is answered on stream 1 (RFC 7540 §3.2). Call before ``start(now:)``.
    ///
    /// - Throws: ``HTTP2Error`` when the library refuses the client's SETTINGS.
    public func takeOver(_ upgrade: H2CUpgrade, leadingOutput: [UInt8], now: UInt64) throws(HTTP2Error) {
        output = leadingOutput + output
        try session.upgrade(settings: upgrade.settings, headRequest: upgrade.head.method == .head)
        var head = HTTP2RequestHead(streamID: 1)
        let authority = upgrade.head.headers["Host"] ?? ""
        head.pseudoFields = [
            HTTP2Field(":method", upgrade.head.method.rawValue), HTTP2Field(":scheme", "http"), HTTP2Field(":authority", authority),
            HTTP2Field(":path", upgrade.head.target),
        ]
        for field in upgrade.head.headers {
            let name = ASCII.lowercased(field.name)
            if name == "host" || name == "http2-settings" || HTTP2ResponseHead.isForbidden(name) { continue }
            head.fields.append(HTTP2Field(name, field.value))
        }
        head.endsStream = true
        begin(head, now: now)
        if let exchange = streams[1], case .receiving = exchange.phase { finish(exchange, now: now) }
    }

    // MARK: Events

    /// The connection is ready: send the SETTINGS, start reading and the idle clock.
    public func start(now: UInt64) {
        settle(now: now)
    }

    /// Bytes arrived from the client.
    public func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        guard !isClosed, !closesWhenFlushed else { return }
        let events: [HTTP2Event]
        do {
            events = try session.receive(bytes)
        } catch {
            // The library ended the connection (a bad preface, a flood): a GOAWAY with the
            // reason goes out, then the socket closes.
            services.requestRefused(remote: remoteHost, status: 0, reason: "http2 \(error.code.name)")
            let refusal = ServerError(
                .http2ConnectionError, "the connection ended with GOAWAY (code \(error.goAwayCode)): \(error)", offset: error.offset)
            services.refused(refusal, exchange: nil, input: bytes, remote: remoteHost)
            session.goAway(errorCode: error.goAwayCode)
            endConnection(now: now)
            settle(now: now)
            return
        }
        for event in events { handle(event, now: now) }
        settle(now: now)
    }

    /// The socket took `count` bytes of ``withPendingOutput(_:)``.
    public func sent(_ count: Int, now: UInt64) {
        guard count > 0, outputOffset < output.count else { return }
        outputOffset += count
        sentTotal += count
        lastWriteProgress = now
        if outputOffset >= output.count {
            output.removeAll(keepingCapacity: output.capacity <= ConnectionThresholds.largeOutputBytes)
            outputOffset = 0
            // Bodies wait in the session behind a refill of the output: the exchange is large
            // once the output and the session are both empty.
            if session.pendingBodyBytes == 0 {
                if sentTotal - sentWhenLastEmpty >= ConnectionThresholds.largeOutputBytes {
                    services.largeOutputSent(sentTotal - sentWhenLastEmpty)
                }
                sentWhenLastEmpty = sentTotal
            }
        }
        settle(now: now)
    }

    /// The timer asked for fired (possibly early or late).
    public func timerFired(now: UInt64) {
        armedDeadline = nil
        guard !isClosed else { return }
        if let since = lingeringSince {
            if now >= since &+ configuration.lingerTimeoutNanoseconds { return close(cause: .clientClosed) }
            armedDeadline = since &+ configuration.lingerTimeoutNanoseconds
            return emit(.armTimer(at: since &+ configuration.lingerTimeoutNanoseconds))
        }
        if hasPendingOutput && now >= lastWriteProgress &+ configuration.writeTimeoutNanoseconds {
            return close(cause: .writeTimeout)
        }
        if streams.isEmpty && !hasPendingOutput && now >= idleSince &+ configuration.idleTimeoutNanoseconds {
            session.goAway(errorCode: 0)
            endConnection(now: now)
            settle(now: now)
            return
        }
        for exchange in Array(streams.values) {
            guard let deadline = exchange.deadline(idle: configuration.idleTimeoutNanoseconds, write: configuration.writeTimeoutNanoseconds),
                now >= deadline
            else { continue }
            if let waiting = exchange.outputWaitingSince, now >= waiting &+ configuration.writeTimeoutNanoseconds {
                // The client kept this stream's window shut for the write timeout while the
                // connection went on (a slow read of many streams): the stream ends, not the
                // connection.
                exchange.outputWaitingSince = nil
                exchange.endCause = .writeTimeout
                abandon(exchange, cause: .writeTimeout)
                session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.cancel)
                continue
            }
            if let ended = exchange.tunnelEndedAt, now >= ended &+ configuration.idleTimeoutNanoseconds {
                // The server ended a tunnel's side and the client never ended its own.
                exchange.tunnelEndedAt = nil
                session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.cancel)
                continue
            }
            switch exchange.phase {
            case .receiving:
                // The body stopped arriving: 408, as HTTP/1.1's slow body gets.
                let seconds = Double(configuration.idleTimeoutNanoseconds) / 1e9
                let cause = exchange.holdsWindow ? " (h2-window-stall kept its window shut)" : ""
                let error = ServerError(.bodyTooSlow, "the request body stopped arriving for \(seconds) s\(cause)")
                exchange.isAnsweredEarly = true
                respond(exchange, error.response(for: exchange.exchange.context.head), now: now)
            case .delayed(let response, _):
                respond(exchange, response, now: now)
            case .streaming(let body):
                body.wait = .ready
            case .stalled:
                exchange.phase = .answered
                session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.cancel)
            case .tunnel(let tunnel):
                tunnel.wakeAt = nil
                tunnelStep(tunnel.handler.wake(now: now), exchange, tunnel, now: now)
            default:
                break
            }
        }
        settle(now: now)
    }

    /// The client ended its side: no more frames can come, so every stream in progress is over.
    public func peerClosed(now: UInt64) {
        close(cause: .clientClosed)
    }

    /// The client ended its side behind input not read yet: read on, the end comes in order.
    public func peerClosedBehindUnreadInput(now: UInt64) {}

    /// A read or a write failed (a reset): the client is gone.
    public func transportFailed(now: UInt64) {
        close(cause: .clientClosed)
    }

    /// The server is shutting down: GOAWAY, finish the streams open, start no other.
    public func drainRequested(now: UInt64) {
        guard !isClosed, !isDraining else { return }
        isDraining = true
        session.goAway(errorCode: 0)
        settle(now: now)
    }

    /// The connection's ``ConnectionWaker`` was woken: streams waiting for it are pulled.
    public func woken(now: UInt64) {
        guard !isClosed else { return }
        for exchange in streams.values {
            switch exchange.phase {
            case .streaming(let body) where body.wait == .woken:
                body.wait = .ready
            case .tunnel(let tunnel):
                tunnelStep(tunnel.handler.wake(now: now), exchange, tunnel, now: now)
            default:
                break
            }
        }
        settle(now: now)
    }

    /// The server closes the connection now, whatever it was doing.
    public func stopRequested() {
        close(cause: .serverStopped)
    }

    // MARK: Output for the driver

    /// The bytes waiting to be sent, oldest first.
    @inlinable
    public func withPendingOutput<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        output.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[outputOffset...])) }
    }

    /// Whether bytes wait to be sent.
    @inlinable
    public var hasPendingOutput: Bool { outputOffset < output.count }

    /// The next thing the driver must do, or nil when it is done for this event.
    @inlinable
    public func nextAction() -> ConnectionAction? {
        guard nextActionIndex < actions.count else {
            nextActionIndex = 0
            actions.removeAll(keepingCapacity: true)
            return nil
        }
        defer { nextActionIndex += 1 }
        return actions[nextActionIndex]
    }

    func emit(_ action: ConnectionAction) {
        actions.append(action)
    }

    // MARK: Settling

    /// Pulls what streams can give, takes the session's frames into the output, and brings the
    /// driver's sending, reading, timer and close up to date. Ends every event.
    func settle(now: UInt64) {
        guard !isClosed, lingeringSince == nil else { return }
        pullStreams(now: now)
        let wasEmpty = !hasPendingOutput
        if outputOffset > 0 && outputOffset >= output.count / 2 {
            output.removeFirst(outputOffset)
            outputOffset = 0
        }
        let before = output.count
        do {
            // Taking output closes streams whose last frame it framed; a reset waits for the
            // frames before it: a few rounds until nothing changes.
            for _ in 0..<4 {
                try session.takeOutput(into: &output, upTo: outputOffset + configuration.outputHighWater)
                let events = session.takeEvents()
                let reset = resetFlushedStreams()
                if events.isEmpty && !reset { break }
                for event in events { handle(event, now: now) }
                pullStreams(now: now)
            }
        } catch {
            return close(cause: .clientClosed)
        }
        queuedTotal += output.count - before
        if !closesWhenFlushed && !session.wantsRead && !session.wantsWrite {
            libraryEndedConnection()
        }
        if wasEmpty && hasPendingOutput {
            lastWriteProgress = now
            emit(.send)
        }
        if streams.isEmpty && !hasPendingOutput {
            if isDraining || closesWhenFlushed || !session.wantsRead {
                return linger(now: now)
            }
        } else {
            idleSince = now
        }
        updateReading()
        scheduleTimer(now: now)
    }

    private func updateReading() {
        // A client that does not read its responses is not read either (its requests would queue
        // more responses), as on HTTP/1.1.
        let wanted = !closesWhenFlushed && output.count - outputOffset < configuration.outputHighWater
        guard wanted != readingEnabled else { return }
        readingEnabled = wanted
        emit(wanted ? .resumeReading : .pauseReading)
    }

    private func scheduleTimer(now: UInt64) {
        var deadline: UInt64?
        if hasPendingOutput {
            deadline = lastWriteProgress &+ configuration.writeTimeoutNanoseconds
        } else if streams.isEmpty {
            deadline = idleSince &+ configuration.idleTimeoutNanoseconds
        }
        for exchange in streams.values {
            let progress = session.bodyProgress(stream: exchange.id)
            exchange.noteOutput(pending: progress.pending, framed: progress.framed, windowShut: progress.windowShut, now: now)
            if let time = exchange.deadline(idle: configuration.idleTimeoutNanoseconds, write: configuration.writeTimeoutNanoseconds) {
                deadline = min(deadline ?? .max, time)
            }
        }
        guard let deadline else { return }
        if let armedDeadline, armedDeadline <= deadline, armedDeadline > now { return }
        armedDeadline = deadline
        emit(.armTimer(at: deadline))
    }

    /// The library reads and writes no more: it sent a GOAWAY for an error it found (a frame that
    /// breaks the protocol, bad HPACK, too many resets), or both sides said GOAWAY. Its streams
    /// will never close, so they end here, and the connection once its output has left.
    private func libraryEndedConnection() {
        if let code = session.goAwaySent, code != 0 {
            let refusal = ServerError(.http2ConnectionError, "the connection ended with GOAWAY (code \(code)) for an error in what the client sent")
            services.requestRefused(remote: remoteHost, status: 0, reason: "http2 goaway \(code)")
            services.refused(refusal, exchange: nil, input: UnsafeRawBufferPointer(start: nil, count: 0), remote: remoteHost)
        }
        cutUnsentResponses(.clientClosed)
        closesWhenFlushed = true
        for exchange in Array(streams.values) { abandon(exchange, cause: .clientClosed) }
        streams.removeAll()
    }

    /// Tells the history which whole responses did not leave whole: their bodies still wait in
    /// the session as the connection ends for `cause` (the library reports no stream closing then).
    func cutUnsentResponses(_ cause: Exchange.EndCause) {
        for exchange in streams.values where exchange.historyEntry != 0 {
            guard case .answered = exchange.phase else { continue }
            let pending = session.bodyProgress(stream: exchange.id).pending
            guard pending > 0 else { continue }
            services.responseCut(exchange.historyEntry, sentBytes: max(0, exchange.exchange.responseBytes - pending), cause: cause)
        }
    }

    /// No more input is taken; the connection closes once its output has left.
    func endConnection(now: UInt64) {
        cutUnsentResponses(.clientClosed)
        closesWhenFlushed = true
        for exchange in Array(streams.values) { abandon(exchange, cause: .clientClosed) }
        streams.removeAll()
    }

    /// Everything is said and sent: shut the write side and read on until the client closes or
    /// the linger timeout, dropping what arrives.
    private func linger(now: UInt64) {
        lingeringSince = now
        closesWhenFlushed = true
        emit(.shutdownWrite)
        if !readingEnabled {
            readingEnabled = true
            emit(.resumeReading)
        }
        armedDeadline = now &+ configuration.lingerTimeoutNanoseconds
        emit(.armTimer(at: now &+ configuration.lingerTimeoutNanoseconds))
    }

    /// Closes now, dropping whatever is queued; every exchange in progress ended for `cause`.
    func close(cause: Exchange.EndCause) {
        guard !isClosed else { return }
        cutUnsentResponses(cause)
        for exchange in Array(streams.values) { abandon(exchange, cause: cause) }
        streams.removeAll()
        isClosed = true
        output.removeAll()
        outputOffset = 0
        emit(.close)
    }
}

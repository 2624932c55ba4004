import BoomerangExchange
import BoomerangSerialization
import BoomerangWire

extension ConnectionStateMachine {
    /// Whether queued output is above the high-water mark.
    var isCongested: Bool { output.count > configuration.maxPendingOutputBytes }

    /// Parses `bytes` while the state takes requests; what it cannot take yet is kept for later
    /// (or handed to an upgrade handler, or dropped once the connection is closing).
    mutating func process(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        var offset = 0
        // Runs until the parser needs more input, even with none left: a complete head can still
        // owe its `.end` (a request without a body).
        while true {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            switch state {
            case .idle, .readingHead, .readingBody:
                if isCongested {
                    stash(rest)
                    return
                }
            case .upgraded:
                if !rest.isEmpty { deliverToUpgrade(rest, now: now) }
                return
            case .delayed, .streaming, .stalled:
                stash(rest)
                return
            case .closed where h2cUpgrade != nil:
                // The head just parsed asked for h2c: what follows it is HTTP/2's.
                h2cUpgrade!.input = Array(rest)
                emit(.upgradeToHTTP2)
                return
            case .closing, .lingering, .closed:
                return
            }
            let event: HTTPRequestParser.Event?
            let consumed: Int
            do {
                (event, consumed) = try parser.parse(rest)
            } catch {
                refuse(ServerError(error), input: rest, now: now)
                return
            }
            offset += consumed
            guard let event else { break }
            handle(event, in: rest, now: now)
        }
        if case .idle = state, !parser.isIdle {
            state = .readingHead(since: now)
        }
    }

    /// Keeps input for later, in order behind what is already kept.
    mutating func stash(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        input.bytes.append(contentsOf: bytes)
    }

    /// Parses the input kept while the connection could not take it.
    mutating func processPendingInput(now: UInt64) {
        let pending = input.bytes
        input.bytes = []
        pending.withUnsafeBytes { process($0, now: now) }
    }

    private mutating func handle(_ event: consuming HTTPRequestParser.Event, in bytes: UnsafeRawBufferPointer, now: UInt64) {
        switch consume event {
        case .head(let parsed):
            // h2c is HTTP/2 without TLS only (RFC 7540 §3.3): over TLS, ALPN is the way.
            if configuration.acceptsH2CUpgrade, H2CUpgrade.isAsked(by: parsed), security == nil, !isDraining,
                let upgrade = H2CUpgrade(head: parsed)
            {
                // The 101 is this machine's last output; HTTP/2 answers the request.
                enqueue(H2CUpgrade.switchingProtocols, now: now)
                h2cUpgrade = upgrade
                input.bytes = []
                state = .closed
                readingEnabled = false
                armedDeadline = nil
                return
            }
            // The head moves into the context; it is read from there on, never copied.
            let context = RequestContext(
                head: parsed,
                remoteHost: remoteHost,
                requestID: services.requestID(for: parsed),
                loopIndex: services.loopIndex,
                receivedAt: now,
                security: security
            )
            // Built in place: neither the exchange nor the responder is copied into the request.
            request = ReadingRequest(exchange: Exchange(context: context), responder: services.responder(for: context), clockStart: now)
            request!.exchange.route = request!.responder.route
            request!.exchange.recording = request!.responder.recording.take()
            state = .readingBody
            let framing = context.head.framing
            if framing != .none && framing != .contentLength(0) && answerBeforeBody(now: now) { return }
            if context.head.expectsContinue && context.head.version.minor >= 1 {
                enqueue(ResponseWriter.continueLine, now: now)
            }
        case .body(let range):
            guard request != nil else { return }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[range])
            request!.exchange.bodyBytes += Int64(range.count)
            request!.exchange.recording?.capture.append(piece)
            request!.responder.receive(piece)
        case .end(let trailers):
            guard var finished = request.take() else { return }
            let response: Response
            do {
                response = try finished.responder.finish(trailers: trailers, context: finished.exchange.context)
            } catch {
                response = error.response(for: finished.exchange.context.head)
            }
            finished.exchange.route = finished.responder.route
            if response.delayMilliseconds > 0 {
                let until = now &+ UInt64(response.delayMilliseconds) &* 1_000_000
                state = .delayed(DelayedResponse(exchange: finished.exchange, response: response, until: until))
            } else {
                respond(&finished.exchange, response, now: now)
            }
        }
    }

    /// Asks the responder whether the head alone decides the answer; when it does, answers now and
    /// closes, leaving the body unread (the lingering close drops what arrives of it).
    private mutating func answerBeforeBody(now: UInt64) -> Bool {
        guard var reading = request else { return false }
        var response: Response
        do {
            guard let early = try reading.responder.answerBeforeBody(context: reading.exchange.context) else { return false }
            response = early
        } catch {
            response = error.response(for: reading.exchange.context.head)
        }
        request = nil
        response.closeConnection = true
        response.delayMilliseconds = 0
        respond(&reading.exchange, response, now: now)
        return true
    }

    /// Answers with an error the connection itself raised (a parse error, a timeout), then closes.
    mutating func refuse(_ error: ServerError, input refusedInput: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), now: UInt64) {
        services.requestRefused(remote: remoteHost, status: error.status, reason: error.code.name)
        services.refused(error, exchange: request?.exchange, input: refusedInput, remote: remoteHost)
        request = nil
        let response = Self.refusalResponse(error)
        let bytes = ResponseWriter.render(
            response, method: .get, version: (1, 1), keepAlive: false, date: services.dateField())
        enqueue(bytes, now: now)
        input.bytes = []
        state = .closing(.linger)
    }

    /// The one place where the connection's own refusals (parse errors, 408 timeouts, the 503 over
    /// the connection cap) become a response.
    public static func refusalResponse(_ error: ServerError) -> Response {
        error.response(for: nil)
    }

    /// Queues bytes for the socket, asking the driver to send when the queue was empty.
    mutating func enqueue(_ bytes: [UInt8], now: UInt64) {
        guard !bytes.isEmpty else { return }
        let wasEmpty = output.isEmpty
        output.append(bytes)
        queuedTotal += bytes.count
        if wasEmpty {
            lastWriteProgress = now
            emit(.send)
        }
    }

    /// Queues bytes built in place (chunk framing), like ``enqueue(_:now:)``.
    mutating func enqueue(contentsOf bytes: some Collection<UInt8>, now: UInt64) {
        guard !bytes.isEmpty else { return }
        let wasEmpty = output.isEmpty
        output.append(contentsOf: bytes)
        queuedTotal += bytes.count
        if wasEmpty {
            lastWriteProgress = now
            emit(.send)
        }
    }

    /// Logs the exchange in progress, if any, as ended before it was complete, for `cause`.
    mutating func abandonExchange(_ cause: Exchange.EndCause) {
        let exchange: Exchange?
        let phase: Exchange.AbortPhase
        var stream: StreamedBody?
        switch state {
        case .readingBody:
            (exchange, phase) = (request?.exchange, .body)
        case .delayed(let delayed):
            (exchange, phase) = (delayed.exchange, .delay)
        case .streaming(let body):
            (exchange, phase) = (body.exchange, .response)
            stream = body
        default:
            (exchange, phase) = (nil, .body)
        }
        request = nil
        guard let exchange else { return }
        let head = exchange.context.head
        services.requestRefused(remote: remoteHost, status: 0, reason: "\(cause.logWord) \(head.method) \(head.target)")
        if let stream {
            // What left, not what was queued.
            stream.exchange.responseBytes = min(stream.exchange.responseBytes, max(0, sentTotal - stream.startOffset))
            // A stream is recorded once: when it ends, or at its start when it carried a fault.
            recordEnd(of: stream, cut: cause)
        } else {
            services.exchangeAborted(exchange, phase: phase, cause: cause)
        }
    }
}

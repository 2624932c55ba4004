import BoomerangExchange
import BoomerangSerialization

extension ConnectionStateMachine {
    /// Queues the response to a complete request and moves to what follows it; `exchange` gets
    /// the status and the bytes sent (in place: the caller's exchange is not copied).
    mutating func respond(_ exchange: inout Exchange, _ response: Response, now: UInt64) {
        let head = exchange.context.head
        let keepAlive = head.keepAlive && !response.closeConnection && !isDraining
        exchange.status = response.status
        // Almost every response has no fault, stream or upgrade: one test each, no optional
        // existential read.
        if response.fault != nil || response.hasStreamOrUpgrade {
            if let fault = response.fault {
                let meaning = fault.http1Meaning
                if meaning.fault != fault {
                    // An HTTP/2 fault, in its HTTP/1.1 meaning.
                    var translated = response
                    translated.fault = meaning.fault
                    if meaning.closes { translated.closeConnection = true }
                    return respond(&exchange, translated, now: now)
                }
                services.responseReady(exchange, response, written: nil)
                startFault(fault, exchange: exchange, response: response, now: now)
                return
            }
            if response.status == 101, let upgrade = response.upgrade, head.version.minor >= 1, head.method != .head {
                services.responseReady(exchange, response, written: nil)
                startUpgrade(upgrade, exchange: exchange, response: response, now: now)
                return
            }
            if let stream = response.bodyStream {
                startStream(stream, exchange: exchange, response: response, recorded: false, keepAlive: keepAlive, cutAfter: nil, now: now)
                return
            }
        }
        let bytes = ResponseWriter.renderPieces(
            response, method: head.method, version: (head.version.major, head.version.minor),
            keepAlive: keepAlive, date: services.dateField())
        exchange.responseBytes = bytes.head.count + bytes.body.count
        let start = queuedTotal
        let entryID = services.responseReady(exchange, response, written: bytes.head)
        services.exchangeCompleted(exchange)
        enqueue(bytes.head, now: now)
        enqueue(bytes.body, now: now)
        if entryID != 0 { unsentRecords.add(entryID, start: start, end: queuedTotal, sent: sentTotal) }
        finishExchange(keepAlive: keepAlive, now: now)
    }

    /// Tells the history which recorded responses did not leave whole, as the connection closes
    /// for `cause` with output still queued.
    mutating func cutUnsentResponses(_ cause: Exchange.EndCause) {
        for record in unsentRecords.records where record.end > sentTotal {
            services.responseCut(record.entryID, sentBytes: max(0, sentTotal - record.start), cause: cause)
        }
        unsentRecords.removeAll()
    }

    /// After a response is queued in full: the next request, or the close.
    mutating func finishExchange(keepAlive: Bool, now: UInt64) {
        if keepAlive {
            state = .idle(since: now)
        } else {
            input.bytes = []
            state = .closing(.linger)
        }
    }

    private func renderHead(_ response: Response, for head: HTTPRequestHead, keepAlive: Bool, framing: ResponseWriter.Framing) -> [UInt8] {
        ResponseWriter.renderHead(
            response, method: head.method, version: (head.version.major, head.version.minor), keepAlive: keepAlive,
            date: services.dateField(), framing: framing)
    }

    // MARK: Streams

    /// Whether the queued output is low enough to pull another piece of a stream.
    var wantsStreamPiece: Bool { output.count < configuration.streamRefillBytes }

    /// Queues a streamed response's head and starts pulling its body. Unless `recorded`, the
    /// history gets the response when the stream ends.
    private mutating func startStream(
        _ stream: any ResponseBodyStream, exchange: Exchange, response: Response, recorded: Bool, keepAlive: Bool, cutAfter: Int?,
        now: UInt64
    ) {
        var exchange = exchange
        let head = exchange.context.head
        var keepAlive = keepAlive
        let framing: ResponseWriter.Framing
        if let length = stream.contentLength {
            framing = .contentLength(length)
        } else if head.version.minor >= 1 {
            framing = .chunked
        } else {
            framing = .closeDelimited
            keepAlive = false
        }
        let bytes = renderHead(response, for: head, keepAlive: keepAlive, framing: framing)
        exchange.responseBytes = bytes.count
        let startOffset = queuedTotal
        enqueue(bytes, now: now)
        guard head.method != .head && Response.allowsBody(status: response.status) else {
            if !recorded { services.streamEnded(exchange, response, head: bytes, cut: nil) }
            services.exchangeCompleted(exchange)
            finishExchange(keepAlive: keepAlive, now: now)
            return
        }
        var remaining: Int?
        if case .contentLength(let length) = framing {
            remaining = length
        }
        let body = StreamedBody(
            exchange: exchange, stream: stream, unrecorded: recorded ? nil : (response, bytes), startOffset: startOffset,
            remaining: remaining, chunked: framing == .chunked, keepAlive: keepAlive, cutAfter: cutAfter)
        body.stream.attach(waker: waker)
        state = .streaming(body)
    }

    /// Pulls the stream until it waits, ends or enough is queued.
    mutating func pullStream(now: UInt64) {
        guard case .streaming(let body) = state else { return }
        while body.wait == .ready && wantsStreamPiece {
            if body.limits.isComplete {
                return endStream(body, trailers: HTTPHeaders(), now: now)
            }
            switch body.stream.next(now: now) {
            case .bytes(let bytes) where bytes.isEmpty:
                body.wait = .until(now)
            case .bytes(var bytes):
                let next = body.limits.take(&bytes)
                queueBodyPiece(bytes, of: body, now: now)
                switch next {
                case .more:
                    break
                case .overran, .cut:
                    return endStream(body, closing: .linger)
                case .complete:
                    // Ended here, before the last piece is written: a client that has read the
                    // whole body finds the exchange in the history.
                    return endStream(body, trailers: HTTPHeaders(), now: now)
                }
            case .wait(let until):
                body.wait = until.map { .until($0) } ?? .woken
            case .end(let trailers):
                return endStream(body, trailers: trailers, now: now)
            case .fault(let fault):
                return breakStream(body, fault: fault, now: now)
            }
        }
    }

    /// Queues one piece of a streamed body, framed, and counts it in the exchange.
    private mutating func queueBodyPiece(_ bytes: [UInt8], of body: StreamedBody, now: UInt64) {
        guard !bytes.isEmpty else { return }
        body.exchange.streamedBodyBytes += bytes.count
        guard body.chunked else {
            body.exchange.responseBytes += bytes.count
            enqueue(bytes, now: now)
            return
        }
        var framed: [UInt8] = []
        ResponseWriter.appendChunk(bytes, to: &framed)
        body.exchange.responseBytes += framed.count
        enqueue(framed, now: now)
    }

    private mutating func endStream(_ body: StreamedBody, trailers: HTTPHeaders, now: UInt64) {
        if body.chunked {
            var last: [UInt8] = []
            ResponseWriter.appendLastChunk(trailers: trailers, to: &last)
            body.exchange.responseBytes += last.count
            enqueue(last, now: now)
        }
        // A body shorter than its Content-Length leaves the client waiting for the rest.
        let framingHolds = body.limits.remaining ?? 0 == 0
        recordEnd(of: body, cut: nil)
        services.exchangeCompleted(body.exchange)
        finishExchange(keepAlive: body.keepAlive && framingHolds, now: now)
    }

    /// Ends a stream the server cuts short, closing the connection `mode`.
    private mutating func endStream(_ body: StreamedBody, closing mode: CloseMode) {
        recordEnd(of: body, cut: nil)
        endExchange(body.exchange, closing: mode)
    }

    /// Hands a stream whose recording waited to the history, once; `cut` when it ended before
    /// its end for that reason.
    func recordEnd(of body: StreamedBody, cut: Exchange.EndCause?) {
        guard let (response, head) = body.unrecorded else { return }
        services.streamEnded(body.exchange, response, head: head, cut: cut)
    }

    private mutating func endExchange(_ exchange: Exchange, closing mode: CloseMode) {
        services.exchangeCompleted(exchange)
        input.bytes = []
        state = .closing(mode)
    }

    // MARK: Faults

    private mutating func breakStream(_ body: StreamedBody, fault: TransportFault, now: UInt64) {
        let meaning = fault.http1Meaning
        guard meaning.fault == fault else {
            // An HTTP/2 fault: its HTTP/1.1 meaning, or none (the stream goes on).
            if let translated = meaning.fault { breakStream(body, fault: translated, now: now) }
            return
        }
        switch fault.kind {
        case .reset:
            endStream(body, closing: .reset)
        case .closeAfterHeaders, .closeMidBody:
            endStream(body, closing: .linger)
        case .malformedChunk:
            body.exchange.responseBytes += TransportFault.malformedChunkBytes.count
            enqueue(TransportFault.malformedChunkBytes, now: now)
            endStream(body, closing: .linger)
        case .garbage(let bytes):
            body.exchange.responseBytes += bytes.count
            enqueue(bytes, now: now)
            endStream(body, closing: .linger)
        case .stall:
            recordEnd(of: body, cut: nil)
            services.exchangeCompleted(body.exchange)
            state = .stalled(since: now)
        case .streamReset, .goAway, .pingStorm, .windowStall:
            break
        }
    }

    private mutating func startFault(_ fault: TransportFault, exchange: Exchange, response: Response, now: UInt64) {
        var exchange = exchange
        let head = exchange.context.head
        let bodyLength = Response.allowsBody(status: response.status) && head.method != .head ? response.body.count : 0
        switch fault.kind {
        case .reset:
            endExchange(exchange, closing: .reset)
        case .closeAfterHeaders:
            var framing = ResponseWriter.Framing.contentLength(response.body.count)
            if let stream = response.bodyStream {
                framing = stream.contentLength.map { .contentLength($0) } ?? (head.version.minor >= 1 ? .chunked : .closeDelimited)
            }
            let bytes = renderHead(response, for: head, keepAlive: false, framing: framing)
            exchange.responseBytes = bytes.count
            enqueue(bytes, now: now)
            endExchange(exchange, closing: .linger)
        case .closeMidBody(let count):
            if let stream = response.bodyStream {
                return startStream(stream, exchange: exchange, response: response, recorded: true, keepAlive: false, cutAfter: count, now: now)
            }
            var bytes = renderHead(response, for: head, keepAlive: false, framing: .contentLength(response.body.count))
            bytes.append(contentsOf: response.body.prefix(min(count, bodyLength)))
            exchange.responseBytes = bytes.count
            enqueue(bytes, now: now)
            endExchange(exchange, closing: .linger)
        case .malformedChunk:
            var bytes = renderHead(response, for: head, keepAlive: false, framing: .chunked)
            bytes.append(contentsOf: TransportFault.malformedChunkBytes)
            exchange.responseBytes = bytes.count
            enqueue(bytes, now: now)
            endExchange(exchange, closing: .linger)
        case .garbage(let bytes):
            exchange.responseBytes = bytes.count
            enqueue(bytes, now: now)
            endExchange(exchange, closing: .linger)
        case .stall:
            services.exchangeCompleted(exchange)
            input.bytes = []
            state = .stalled(since: now)
        case .streamReset, .goAway, .pingStorm, .windowStall:
            // Translated by respond(_:_:now:) before they get here.
            break
        }
    }

    // MARK: Upgrades

    private mutating func startUpgrade(_ upgrade: any ConnectionUpgrade, exchange: Exchange, response: Response, now: UInt64) {
        var exchange = exchange
        let head = exchange.context.head
        let bytes = ResponseWriter.render(
            response, method: head.method, version: (head.version.major, head.version.minor), keepAlive: true,
            date: services.dateField())
        exchange.responseBytes = bytes.count
        services.exchangeCompleted(exchange)
        enqueue(bytes, now: now)
        let session = UpgradeSession(upgrade)
        state = .upgraded(session)
        apply(session.handler.start(now: now, waker: waker), now: now)
    }

    mutating func deliverToUpgrade(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        guard case .upgraded(let session) = state else { return }
        apply(session.handler.received(bytes, now: now), now: now)
    }

    /// Carries out what an upgrade handler asked for; a step without a time keeps the one asked
    /// for before.
    mutating func apply(_ step: UpgradeStep, now: UInt64) {
        enqueue(step.output, now: now)
        guard case .upgraded(let session) = state else { return }
        if step.close {
            input.bytes = []
            state = .closing(.linger)
        } else if let wakeAt = step.wakeAt {
            session.wakeAt = wakeAt
        }
    }
}

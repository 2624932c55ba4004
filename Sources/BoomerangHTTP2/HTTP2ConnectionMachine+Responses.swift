import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

extension HTTP2ConnectionMachine {
    /// Hands the response to a complete request to the session, whole or as a stream.
    func respond(_ exchange: HTTP2StreamExchange, _ response: Response, now: UInt64) {
        var response = response
        if exchange.isExtendedConnect {
            if response.status == 200, let upgrade = response.upgrade {
                return startTunnel(upgrade, exchange: exchange, response: response, now: now)
            }
            if (200..<300).contains(response.status) {
                let asked = exchange.exchange.context.stream?.pseudoHeaders[":protocol"] ?? ""
                response = ServerError(
                    .connectProtocolNotServed, "\(exchange.exchange.context.head.path) opens no \(asked) tunnel (RFC 8441 extended CONNECT)",
                    value: asked
                ).response(for: exchange.exchange.context.head)
            }
            // Refused: what the client sends on the stream is not wanted (NO_ERROR once the
            // answer has left).
            exchange.isAnsweredEarly = true
            dropEarlyTunnelInput(exchange)
        }
        if response.status < 200 {
            // A 101 has no meaning on HTTP/2 (RFC 9113 §8.6): an upgrade route cannot switch here.
            response = ServerError(.methodNotImplemented, "connection upgrades need HTTP/1.1; HTTP/2 has no 101")
                .response(for: exchange.exchange.context.head)
        }
        exchange.exchange.status = response.status
        if let fault = response.fault {
            var answer = response
            answer.fault = nil
            switch fault.kind {
            case .pingStorm(let count):
                // The PINGs, then the answer, recorded once as any other.
                session.ping(count: count)
                return respond(exchange, answer, now: now)
            case .goAway(let code, let last) where (last ?? exchange.id) >= exchange.id:
                // The answer first, then the GOAWAY, once its stream has closed: a client that
                // stops reading at a GOAWAY still gets it.
                respond(exchange, answer, now: now)
                isDraining = true
                pendingGoAway = (code, last ?? exchange.id, exchange.id)
                return
            default:
                break
            }
            services.responseReady(exchange.exchange, response, written: nil)
            return startFault(fault, exchange: exchange, response: response, now: now)
        }
        if let stream = response.bodyStream {
            return startStream(stream, exchange: exchange, response: response, recordsAtEnd: true, cutAfter: nil, now: now)
        }
        let sendsBody = sendsBody(response, exchange)
        let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: response.body.count)
        guard submit(exchange, status: response.status, fields: fields, body: sendsBody && !response.body.isEmpty ? .complete(response.body) : .empty)
        else { return }
        exchange.exchange.responseBytes = Self.headBytes(fields) + (sendsBody ? response.body.count : 0)
        exchange.phase = .answered
        if exchange.isAnsweredEarly {
            // The rest of the body is not wanted: NO_ERROR once the answer has left (RFC 9113 §8.1).
            exchange.resetWhenFlushed = HTTP2ErrorCode.noError
        }
        exchange.historyEntry = services.responseReady(
            exchange.exchange, response, written: recordedHead(exchange, status: response.status, fields: fields))
        services.exchangeCompleted(exchange.exchange)
    }

    private func sendsBody(_ response: Response, _ exchange: HTTP2StreamExchange) -> Bool {
        Response.allowsBody(status: response.status) && exchange.exchange.context.head.method != .head
    }

    /// Submits a response head; a stream the client has closed meanwhile ends the exchange.
    private func submit(_ exchange: HTTP2StreamExchange, status: Int, fields: [HTTP2Field], body: HTTP2Session.Body) -> Bool {
        // The client may have reset the stream in the read that completed it: the library would
        // take the answer and drop it unsent, its body kept for the connection's life.
        guard session.isOpen(stream: exchange.id) else {
            abandon(exchange, cause: .clientClosed)
            return false
        }
        do {
            try session.respond(stream: exchange.id, status: status, fields: fields, body: body)
            hasResponded = true
            return true
        } catch {
            abandon(exchange, cause: .clientClosed)
            return false
        }
    }

    /// The head as text for the history, which only an exchange it records needs.
    private func recordedHead(_ exchange: HTTP2StreamExchange, status: Int, fields: [HTTP2Field]) -> [UInt8]? {
        exchange.exchange.recording == nil ? nil : HTTP2ResponseHead.text(status: status, fields: fields)
    }

    /// What the head weighs in the access log: its fields as text (HPACK sends fewer bytes).
    static func headBytes(_ fields: [HTTP2Field]) -> Int {
        fields.reduce(12) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    // MARK: Streams

    /// Sends a streamed response's head and starts pulling its body.
    private func startStream(
        _ stream: any ResponseBodyStream, exchange: HTTP2StreamExchange, response: Response, recordsAtEnd: Bool, cutAfter: Int?,
        cutCode: UInt32 = HTTP2ErrorCode.internalError, now: UInt64
    ) {
        let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: stream.contentLength)
        exchange.exchange.responseBytes = Self.headBytes(fields)
        guard sendsBody(response, exchange) else {
            guard submit(exchange, status: response.status, fields: fields, body: .empty) else { return }
            exchange.phase = .answered
            if recordsAtEnd {
                services.streamEnded(exchange.exchange, response, head: recordedHead(exchange, status: response.status, fields: fields) ?? [], cut: nil)
            }
            services.exchangeCompleted(exchange.exchange)
            return
        }
        guard submit(exchange, status: response.status, fields: fields, body: .streamed) else { return }
        var stream = stream
        stream.attach(waker: waker)
        let body = HTTP2StreamExchange.StreamedBody(
            stream: stream, response: response, head: recordedHead(exchange, status: response.status, fields: fields) ?? [],
            recordsAtEnd: recordsAtEnd, remaining: stream.contentLength, cutAfter: cutAfter)
        body.cutCode = cutCode
        exchange.phase = .streaming(body)
    }

    /// Pulls every stream that is ready and has room in the session.
    func pullStreams(now: UInt64) {
        for exchange in streams.values {
            switch exchange.phase {
            case .streaming(let body): pull(exchange, body, now: now)
            case .tunnel(let tunnel): reopenTunnelWindow(exchange, tunnel)
            default: continue
            }
        }
    }

    private func pull(_ exchange: HTTP2StreamExchange, _ body: HTTP2StreamExchange.StreamedBody, now: UInt64) {
        while body.wait == .ready && session.bufferedBytes(stream: exchange.id) < configuration.streamRefillBytes {
            if body.limits.isComplete {
                return endStream(exchange, body, trailers: HTTPHeaders())
            }
            switch body.stream.next(now: now) {
            case .bytes(let bytes) where bytes.isEmpty:
                body.wait = .until(now)
            case .bytes(var bytes):
                let next = body.limits.take(&bytes)
                sendPiece(bytes, of: exchange)
                switch next {
                case .more: break
                case .cut: return cutStream(exchange, body, errorCode: body.cutCode)
                case .overran: return cutStream(exchange, body, errorCode: HTTP2ErrorCode.internalError)
                case .complete: return endStream(exchange, body, trailers: HTTPHeaders())
                }
            case .wait(let until):
                body.wait = until.map { .until($0) } ?? .woken
            case .end(let trailers):
                return endStream(exchange, body, trailers: trailers)
            case .fault(let fault):
                return breakStream(exchange, body, fault: fault, now: now)
            }
        }
    }

    private func sendPiece(_ bytes: [UInt8], of exchange: HTTP2StreamExchange) {
        guard !bytes.isEmpty else { return }
        exchange.exchange.streamedBodyBytes += bytes.count
        exchange.exchange.responseBytes += bytes.count
        do {
            try session.send(stream: exchange.id, bytes)
        } catch {
            abandon(exchange, cause: .clientClosed)
        }
    }

    private func endStream(_ exchange: HTTP2StreamExchange, _ body: HTTP2StreamExchange.StreamedBody, trailers: HTTPHeaders) {
        var fields: [HTTP2Field] = []
        for field in trailers {
            let name = ASCII.lowercased(field.name)
            if !HTTP2ResponseHead.isForbidden(name) { fields.append(HTTP2Field(name, field.value)) }
        }
        try? session.finish(stream: exchange.id, trailers: fields)
        exchange.phase = .answered
        if body.recordsAtEnd { services.streamEnded(exchange.exchange, body.response, head: body.head, cut: nil) }
        services.exchangeCompleted(exchange.exchange)
    }

    /// Ends a stream the server cuts short: what was sent leaves, then RST_STREAM with `errorCode`.
    private func cutStream(_ exchange: HTTP2StreamExchange, _ body: HTTP2StreamExchange.StreamedBody?, errorCode: UInt32) {
        exchange.phase = .answered
        exchange.resetWhenFlushed = errorCode
        if let body, body.recordsAtEnd { services.streamEnded(exchange.exchange, body.response, head: body.head, cut: nil) }
        services.exchangeCompleted(exchange.exchange)
    }

    /// Resets the streams cut short once their head and the data before the cut have been framed.
    /// Returns whether it reset any.
    func resetFlushedStreams() -> Bool {
        var didReset = false
        for exchange in streams.values {
            guard let code = exchange.resetWhenFlushed, session.hasSentHeaders(stream: exchange.id),
                session.bufferedBytes(stream: exchange.id) == 0
            else { continue }
            exchange.resetWhenFlushed = nil
            session.reset(stream: exchange.id, errorCode: code)
            didReset = true
        }
        return didReset
    }

    // MARK: Tunnels

    /// Accepts an extended CONNECT: 200 without END_STREAM, and the stream's DATA both ways is
    /// `upgrade`'s.
    private func startTunnel(_ upgrade: any ConnectionUpgrade, exchange: HTTP2StreamExchange, response: Response, now: UInt64) {
        let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: nil)
        guard submit(exchange, status: 200, fields: fields, body: .streamed) else { return }
        exchange.exchange.status = 200
        exchange.exchange.responseBytes = Self.headBytes(fields)
        services.responseReady(exchange.exchange, response, written: recordedHead(exchange, status: 200, fields: fields))
        services.exchangeCompleted(exchange.exchange)
        let tunnel = HTTP2StreamExchange.Tunnel(handler: upgrade)
        exchange.phase = .tunnel(tunnel)
        tunnelStep(tunnel.handler.start(now: now, waker: waker), exchange, tunnel, now: now)
        if case .tunnel = exchange.phase, !exchange.earlyTunnelInput.isEmpty {
            let early = exchange.earlyTunnelInput
            exchange.earlyTunnelInput = []
            tunnelReceived(early, exchange, tunnel, now: now)
        }
        // The protocol ended as it started: what came early is not wanted.
        dropEarlyTunnelInput(exchange)
        if exchange.earlyTunnelEnded, case .tunnel = exchange.phase {
            tunnelStep(tunnel.handler.peerClosed(now: now), exchange, tunnel, now: now)
        }
    }

    /// Bytes from the client for the protocol a stream carries; the connection's window is
    /// already reopened for them, so that a tunnel never holds the other streams' uploads, and
    /// only the stream's own waits for its output to drain.
    func tunnelReceived(_ bytes: [UInt8], _ exchange: HTTP2StreamExchange, _ tunnel: HTTP2StreamExchange.Tunnel, now: UInt64) {
        let step = bytes.withUnsafeBytes { tunnel.handler.received($0, now: now) }
        tunnel.unconsumed += bytes.count
        tunnelStep(step, exchange, tunnel, now: now)
        reopenTunnelWindow(exchange, tunnel)
    }

    /// Does what the protocol asked after a call: send its bytes, keep its time, end the stream.
    func tunnelStep(_ step: UpgradeStep, _ exchange: HTTP2StreamExchange, _ tunnel: HTTP2StreamExchange.Tunnel, now: UInt64) {
        if !step.output.isEmpty {
            do {
                try session.send(stream: exchange.id, step.output)
            } catch {
                return endTunnel(exchange, tunnel)
            }
        }
        if let wakeAt = step.wakeAt { tunnel.wakeAt = wakeAt }
        if step.close {
            // The protocol is over: END_STREAM once its last bytes have left (RFC 8441 §5's
            // orderly close); the client has the idle timeout to end its side.
            try? session.finish(stream: exchange.id)
            endTunnel(exchange, tunnel)
            exchange.tunnelEndedAt = now
        }
    }

    /// Drops what came before a tunnel that will not take it, reopening its window.
    private func dropEarlyTunnelInput(_ exchange: HTTP2StreamExchange) {
        guard !exchange.earlyTunnelInput.isEmpty else { return }
        session.consumeStreamOnly(stream: exchange.id, count: exchange.earlyTunnelInput.count)
        exchange.earlyTunnelInput = []
    }

    /// The tunnel is over: what the protocol took and the window still owes is credited, since
    /// what comes after is dropped as it arrives.
    private func endTunnel(_ exchange: HTTP2StreamExchange, _ tunnel: HTTP2StreamExchange.Tunnel) {
        exchange.phase = .answered
        if tunnel.unconsumed > 0 {
            session.consumeStreamOnly(stream: exchange.id, count: tunnel.unconsumed)
            tunnel.unconsumed = 0
        }
    }

    /// Reopens the window for what the protocol took, once less than the refill mark of its
    /// output waits in the session.
    func reopenTunnelWindow(_ exchange: HTTP2StreamExchange, _ tunnel: HTTP2StreamExchange.Tunnel) {
        guard tunnel.unconsumed > 0, case .tunnel = exchange.phase,
            session.bufferedBytes(stream: exchange.id) < configuration.streamRefillBytes
        else { return }
        session.consumeStreamOnly(stream: exchange.id, count: tunnel.unconsumed)
        tunnel.unconsumed = 0
    }

    // MARK: Faults

    /// A stream's own fault, met while it was pulled: its HTTP/2 meaning.
    private func breakStream(_ exchange: HTTP2StreamExchange, _ body: HTTP2StreamExchange.StreamedBody, fault: TransportFault, now: UInt64) {
        switch fault.kind {
        case .reset, .closeAfterHeaders, .closeMidBody:
            cutStream(exchange, body, errorCode: HTTP2ErrorCode.internalError)
        case .malformedChunk, .garbage:
            cutStream(exchange, body, errorCode: HTTP2ErrorCode.protocolError)
        case .stall, .windowStall:
            if body.recordsAtEnd { services.streamEnded(exchange.exchange, body.response, head: body.head, cut: nil) }
            services.exchangeCompleted(exchange.exchange)
            exchange.phase = .stalled(until: now &+ configuration.idleTimeoutNanoseconds)
        case .streamReset(let code, _):
            cutStream(exchange, body, errorCode: code)
        case .goAway(let code, let last):
            goAway(code: code, lastStream: last ?? exchange.id)
        case .pingStorm(let count):
            session.ping(count: count)
        }
    }

    /// GOAWAY with `code` and `lastStream`: the connection takes no more streams and closes once
    /// those up to `lastStream` are answered; those above it are refused (REFUSED_STREAM), for
    /// the client to retry.
    func goAway(code: UInt32, lastStream: Int32) {
        session.goAway(errorCode: code, lastStream: lastStream)
        isDraining = true
        for exchange in streams.values where exchange.id > lastStream {
            if case .answered = exchange.phase { continue }
            abandon(exchange, cause: .serverStopped)
            session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.refusedStream)
        }
    }

    /// A response that asked for a transport fault, in its HTTP/2 meaning: the stream, not the
    /// connection, breaks. A reset is RST_STREAM (INTERNAL_ERROR) before the head; a close after
    /// the head or mid-body sends that much, then RST_STREAM; a malformed chunk or garbage (a
    /// broken framing) sends the head, then RST_STREAM (PROTOCOL_ERROR); a stall sends nothing
    /// and keeps the stream open until the idle timeout resets it.
    private func startFault(_ fault: TransportFault, exchange: HTTP2StreamExchange, response: Response, now: UInt64) {
        let length = response.bodyStream.map { $0.contentLength } ?? response.body.count
        switch fault.kind {
        case .reset:
            exchange.phase = .answered
            session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.internalError)
            services.exchangeCompleted(exchange.exchange)
        case .closeAfterHeaders, .malformedChunk, .garbage:
            let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: length)
            guard submit(exchange, status: response.status, fields: fields, body: .streamed) else { return }
            exchange.exchange.responseBytes = Self.headBytes(fields)
            var code = HTTP2ErrorCode.protocolError
            if case .closeAfterHeaders = fault.kind { code = HTTP2ErrorCode.internalError }
            cutStream(exchange, nil, errorCode: code)
        case .closeMidBody(let count):
            let stream: any ResponseBodyStream = response.bodyStream ?? WholeBody(bytes: response.body)
            startStream(stream, exchange: exchange, response: response, recordsAtEnd: false, cutAfter: count, now: now)
        case .stall, .windowStall:
            // A window stall whose body fit in the window: the answer stalls instead.
            services.exchangeCompleted(exchange.exchange)
            exchange.phase = .stalled(until: now &+ configuration.idleTimeoutNanoseconds)
        case .streamReset(let code, .beforeHeaders):
            exchange.phase = .answered
            session.reset(stream: exchange.id, errorCode: code)
            services.exchangeCompleted(exchange.exchange)
        case .streamReset(let code, .afterHeaders):
            let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: length)
            guard submit(exchange, status: response.status, fields: fields, body: .streamed) else { return }
            exchange.exchange.responseBytes = Self.headBytes(fields)
            cutStream(exchange, nil, errorCode: code)
        case .streamReset(let code, .afterBodyBytes(let count)):
            let stream: any ResponseBodyStream = response.bodyStream ?? WholeBody(bytes: response.body)
            startStream(stream, exchange: exchange, response: response, recordsAtEnd: false, cutAfter: count, cutCode: code, now: now)
        case .goAway(let code, let last):
            // Above the last stream (respond(_:_:now:) answered the others): not processed, as
            // the GOAWAY says.
            exchange.phase = .answered
            session.reset(stream: exchange.id, errorCode: HTTP2ErrorCode.refusedStream)
            services.exchangeCompleted(exchange.exchange)
            goAway(code: code, lastStream: last ?? exchange.id)
        case .pingStorm:
            // Sent by respond(_:_:now:), which answers after them.
            break
        }
    }
}

/// A whole body sent as a stream, so that a fault can cut it after some bytes.
private struct WholeBody: ResponseBodyStream {
    var bytes: [UInt8]
    var contentLength: Int? { bytes.count }

    mutating func next(now: UInt64) -> ResponseBodyStep {
        guard !bytes.isEmpty else { return .end() }
        defer { bytes = [] }
        return .bytes(bytes)
    }
}

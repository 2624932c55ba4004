import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

extension HTTP2ConnectionMachine {
    func handle(_ event: HTTP2Event, now: UInt64) {
        switch event {
        case .request(let head):
            begin(head, now: now)
        case .body(let stream, let bytes):
            receiveBody(bytes, stream: stream, now: now)
        case .trailers(let stream, let fields):
            guard let exchange = streams[stream] else { return }
            for field in fields { exchange.trailers.add(name: field.name, value: field.value) }
        case .requestEnded(let stream):
            guard let exchange = streams[stream] else { return }
            if case .tunnel(let tunnel) = exchange.phase {
                return tunnelStep(tunnel.handler.peerClosed(now: now), exchange, tunnel, now: now)
            }
            if exchange.isExtendedConnect, case .delayed = exchange.phase { exchange.earlyTunnelEnded = true }
            guard case .receiving = exchange.phase, !exchange.isAnsweredEarly, !exchange.isExtendedConnect else { return }
            finish(exchange, now: now)
        case .refused(let stream, let reason):
            refuse(stream: stream, reason: reason, now: now)
        case .streamClosed(let stream, _, let unsent):
            if let pending = pendingGoAway, pending.after == stream {
                pendingGoAway = nil
                goAway(code: pending.code, lastStream: pending.lastStream)
            }
            guard let exchange = streams.removeValue(forKey: stream) else { return }
            guard case .answered = exchange.phase else { return abandon(exchange, cause: .clientClosed) }
            if unsent > 0 && exchange.historyEntry != 0 {
                // A whole response reset before it had all left: the history says how much did.
                services.responseCut(
                    exchange.historyEntry, sentBytes: max(0, exchange.exchange.responseBytes - unsent), cause: exchange.endCause ?? .clientClosed)
            }
        case .goAway:
            // The client opens no more streams; those open finish, then the connection closes.
            isDraining = true
        }
    }

    /// Answers a request refused from its head alone (431 for a header list over the limit, as
    /// RFC 9113 §10.5.1 suggests), without an exchange: its fields were not kept.
    private func refuse(stream: Int32, reason: HTTP2Refusal, now: UInt64) {
        let error = ServerError(
            .headersTooLarge, "the request's header list went past max_header_bytes (\(configuration.maxHeaderListSize) bytes)")
        if let exchange = streams[stream] {
            // Its trailers were too large: the exchange is answered 431, once.
            guard case .receiving = exchange.phase, !exchange.isAnsweredEarly else { return }
            exchange.isAnsweredEarly = true
            return respond(exchange, error.response(for: exchange.exchange.context.head), now: now)
        }
        services.requestRefused(remote: remoteHost, status: error.status, reason: reason.rawValue)
        services.refused(error, exchange: nil, input: UnsafeRawBufferPointer(start: nil, count: 0), remote: remoteHost)
        let response = error.response(for: nil)
        let fields = HTTP2ResponseHead.fields(for: response, date: services.dateField(), contentLength: response.body.count)
        try? session.respond(stream: stream, status: response.status, fields: fields, body: .complete(response.body))
    }

    /// A request's head is complete: route it and start its exchange.
    func begin(_ received: HTTP2RequestHead, now: UInt64) {
        let head = Self.requestHead(received)
        let edgeRefusal = changeEdges(askedIn: head)
        var pseudoHeaders = HTTPHeaders()
        pseudoHeaders.fields.reserveCapacity(received.pseudoFields.count)
        for field in received.pseudoFields { pseudoHeaders.add(name: field.name, value: field.value) }
        let context = RequestContext(
            head: head, remoteHost: remoteHost, requestID: services.requestID(for: head), loopIndex: services.loopIndex,
            receivedAt: now, security: security,
            stream: HTTP2Stream(
                connection: connectionName, id: received.streamID, pseudoHeaders: pseudoHeaders, edges: edges?.name))
        let exchange = HTTP2StreamExchange(
            id: received.streamID, exchange: Exchange(context: context), responder: services.responder(for: context))
        exchange.exchange.route = exchange.responder.route
        exchange.exchange.recording = exchange.responder.recording.take()
        exchange.lastInput = now
        streams[received.streamID] = exchange
        if let edgeRefusal {
            exchange.isAnsweredEarly = true
            return respond(exchange, edgeRefusal.response(for: head), now: now)
        }
        if received.isExtendedConnect {
            // The head is the whole request; what follows on the stream belongs to the protocol
            // it asks for, once the route has accepted it.
            exchange.isExtendedConnect = true
            return finish(exchange, now: now)
        }
        if case .contentLength(let length) = head.framing, length > configuration.maxBodyBytes {
            return refuseBody(exchange, now: now)
        }
        if !received.endsStream {
            answerBeforeBody(exchange, now: now)
            if !exchange.isAnsweredEarly { exchange.holdsWindow = exchange.responder.holdsBodyWindow() }
        }
    }

    /// Runs the connection from now on with the edges `head` asks for (``HTTP2Edges/controlName``)
    /// in place of those it ran with, announced in a SETTINGS frame before the answer; the error
    /// to answer with when there are no edges of that name (on every route, not only the echo's),
    /// or when they cannot change midway. A SETTINGS frame the library has no memory for changes
    /// nothing (the echo names the edges in force).
    private func changeEdges(askedIn head: HTTPRequestHead) -> ServerError? {
        guard let name = HTTP2Edges.askedName(in: head) else { return nil }
        guard let asked = HTTP2Edges.named(name) else {
            return ServerError(
                .invalidControl, "\(HTTP2Edges.controlName) was \"\(name)\"; expected \(HTTP2Edges.names)", value: name)
        }
        guard asked != edges else { return nil }
        let changed = serverConfiguration.applying(asked)
        guard changed.headerTableSize == configuration.headerTableSize else {
            return ServerError(
                .invalidControl,
                "\(HTTP2Edges.controlName): the HPACK table's size is set as a connection starts, and stays; h2-no-hpack-table is asked for there (an h2c upgrade, or its TLS scenario's port)",
                value: name)
        }
        guard !session.awaitsChangeAcknowledgement else {
            return ServerError(
                .settingsNotAcknowledged,
                "\(HTTP2Edges.controlName): the client has not acknowledged the connection's last SETTINGS change yet; ask again once it has",
                value: name)
        }
        guard session.change(to: changed) else { return nil }
        configuration = changed
        edges = asked
        return nil
    }

    /// The exchange core's request head for an HTTP/2 request: the method and target from the
    /// pseudo-header fields, the other fields as received (lowercase), `content-length` or the
    /// open stream as the framing. An extended CONNECT (RFC 8441) is the GET of HTTP/1.1's
    /// upgrade (its `:protocol` stays in ``RequestContext/stream``), so that it reaches the same
    /// route; it has no body.
    static func requestHead(_ received: HTTP2RequestHead) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        headers.fields.reserveCapacity(received.fields.count)
        var length: Int64?
        for field in received.fields {
            if field.name == "content-length" { length = Int64(field.value) }
            headers.add(name: field.name, value: field.value)
        }
        let isExtendedConnect = received.isExtendedConnect
        let framing: HTTPRequestHead.Framing
        if received.endsStream || isExtendedConnect {
            framing = .none
        } else if let length {
            framing = .contentLength(length)
        } else {
            // A body of unknown length, delimited by the end of the stream: chunked's meaning.
            framing = .chunked
        }
        let method = isExtendedConnect ? .get : HTTPMethod(received.method)
        let target = method == .connect ? (received.authority ?? "") : received.path
        return HTTPRequestHead(method: method, target: target, version: .http2, headers: headers, framing: framing)
    }

    private func receiveBody(_ bytes: [UInt8], stream: Int32, now: UInt64) {
        let exchange = streams[stream]
        if let exchange, case .tunnel(let tunnel) = exchange.phase {
            session.consumeConnectionOnly(count: bytes.count)
            return tunnelReceived(bytes, exchange, tunnel, now: now)
        }
        if let exchange, exchange.isExtendedConnect, case .delayed = exchange.phase {
            // Sent before the route's delayed answer: kept for the tunnel.
            session.consumeConnectionOnly(count: bytes.count)
            exchange.earlyTunnelInput.append(contentsOf: bytes)
            return
        }
        if exchange?.holdsWindow == true {
            session.consumeConnectionOnly(count: bytes.count)
        } else {
            session.consume(stream: stream, count: bytes.count)
        }
        guard let exchange, case .receiving = exchange.phase, !exchange.isAnsweredEarly else { return }
        exchange.lastInput = now
        exchange.exchange.bodyBytes += Int64(bytes.count)
        if exchange.exchange.bodyBytes > configuration.maxBodyBytes {
            return refuseBody(exchange, now: now)
        }
        bytes.withUnsafeBytes { piece in
            exchange.exchange.recording?.capture.append(piece)
            exchange.responder.receive(piece)
        }
    }

    /// The body is complete: the responder's answer, now or after its delay.
    func finish(_ exchange: HTTP2StreamExchange, now: UInt64) {
        let response: Response
        do {
            response = try exchange.responder.finish(trailers: exchange.trailers, context: exchange.exchange.context)
        } catch {
            response = error.response(for: exchange.exchange.context.head)
        }
        exchange.exchange.route = exchange.responder.route
        if response.delayMilliseconds > 0 {
            exchange.phase = .delayed(response, until: now &+ UInt64(response.delayMilliseconds) &* 1_000_000)
        } else {
            respond(exchange, response, now: now)
        }
    }

    /// Asks the responder whether the head alone decides the answer; when it does, answers now.
    /// The rest of the body is dropped as it arrives (the session resets the stream once the
    /// answer has left, RFC 9113 §8.1).
    private func answerBeforeBody(_ exchange: HTTP2StreamExchange, now: UInt64) {
        var response: Response
        do {
            guard let early = try exchange.responder.answerBeforeBody(context: exchange.exchange.context) else { return }
            response = early
        } catch {
            response = error.response(for: exchange.exchange.context.head)
        }
        response.delayMilliseconds = 0
        exchange.isAnsweredEarly = true
        respond(exchange, response, now: now)
    }

    /// A body over the limit: 413 (the history records it as the exchange's answer), and the
    /// rest of the body is dropped as it arrives.
    private func refuseBody(_ exchange: HTTP2StreamExchange, now: UInt64) {
        let error = ServerError(
            .bodyTooLarge, "the request body went past max_body_bytes (\(configuration.maxBodyBytes) bytes)",
            value: String(exchange.exchange.bodyBytes))
        exchange.isAnsweredEarly = true
        respond(exchange, error.response(for: exchange.exchange.context.head), now: now)
    }

    /// Logs an exchange that ended before it was complete, for `cause`.
    func abandon(_ exchange: HTTP2StreamExchange, cause: Exchange.EndCause) {
        let head = exchange.exchange.context.head
        switch exchange.phase {
        case .answered:
            return
        case .receiving where exchange.isAnsweredEarly:
            return
        case .streaming(let body):
            services.requestRefused(remote: remoteHost, status: 0, reason: "\(cause.logWord) \(head.method) \(head.target)")
            // What still waited in the session never left.
            exchange.exchange.responseBytes -= session.bodyProgress(stream: exchange.id).pending
            if body.recordsAtEnd {
                services.streamEnded(exchange.exchange, body.response, head: body.head, cut: cause)
            }
        case .stalled, .tunnel:
            break
        case .receiving:
            services.requestRefused(remote: remoteHost, status: 0, reason: "\(cause.logWord) \(head.method) \(head.target)")
            services.exchangeAborted(exchange.exchange, phase: .body, cause: cause)
        case .delayed:
            services.requestRefused(remote: remoteHost, status: 0, reason: "\(cause.logWord) \(head.method) \(head.target)")
            services.exchangeAborted(exchange.exchange, phase: .delay, cause: cause)
        }
        exchange.phase = .answered
    }
}

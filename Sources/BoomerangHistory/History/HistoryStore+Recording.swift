import BoomerangEcho
import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization
import FoundationEssentials

/// The calls the connection makes: one when a response is ready, one when the parser refuses a
/// request, one when a timeout ends one, one when a client leaves in the middle of one. Each
/// takes what the connection already has; nothing is decoded or rendered here.
extension HistoryStore {
    /// Records an exchange whose response is about to be written (`exchange.status` and
    /// `exchange.responseBytes` set), with `written`: the bytes queued for it, which start with
    /// its head (`nil` when the head is written later: the history then writes the status line and
    /// the route's fields itself). Admin requests, which are not recorded, are skipped. Returns
    /// the entry's id (0 when none was made), for ``responseCut(_:sentBytes:cause:)``.
    @discardableResult
    package func recordResponse(_ exchange: Exchange, _ response: Response, written: [UInt8]?) -> Int {
        recordResponse(exchange, response, written: written, cut: nil)?.id ?? 0
    }

    /// Replaces the entry of a response recorded as sent whole whose connection closed, for
    /// `cause`, with `sentBytes` of it sent (head included): the client did not get all of it.
    /// Nothing happens when the entry is no longer kept.
    package func responseCut(_ entryID: Int, sentBytes: Int, cause: Exchange.EndCause) {
        guard let entry = entry(id: entryID), case .live(let recorded) = entry.detail else { return }
        var summary = entry.summary
        summary.outcome = Self.outcome(cause)
        summary.responseBytes = sentBytes
        var response = recorded.response
        response?.bytes = sentBytes
        var expected: Int64?
        if case .contentLength(let length)? = recorded.head?.framing { expected = length }
        let abort = RecordedAbort(
            phase: Exchange.AbortPhase.response.rawValue, cause: cause.rawValue, expectedBodyBytes: expected,
            receivedBodyBytes: summary.requestBodyBytes)
        let amended = HistoryEntry(
            id: entry.id, summary: summary, detail: .live(recorded.replacing(response: response, abort: abort)),
            approximateBytes: entry.approximateBytes)
        replace(entry, with: amended)
    }

    /// Records a streamed response when it has ended, with its head as written and the body
    /// bytes it sent; `cut` when it ended before its end, for that reason (phase `response`).
    package func recordStream(_ exchange: Exchange, _ response: Response, head: [UInt8], cut: Exchange.EndCause?) {
        recordResponse(exchange, response, written: head, cut: cut)
    }

    @discardableResult
    private func recordResponse(_ exchange: Exchange, _ response: Response, written: [UInt8]?, cut: Exchange.EndCause?) -> HistoryEntry? {
        guard exchange.recording != nil else { return nil }
        let cap = configuration.maxHistoryBodyBytes
        var facts = HeadFacts(exchange.context.head.headers, redacts: configuration.redactsHeaders)
        // A body written whole that the echo can write again from the kept head is not kept.
        let isPlain = facts.redacted.isEmpty && !response.hasStreamOrUpgrade && response.fault == nil
        let replay = isPlain ? response.bodyReplay : nil
        // A streamed body is made while it is sent and not kept.
        let keepsBody = replay == nil && response.bodyStream == nil && response.body.count <= cap && facts.redacted.isEmpty
        let bodyBytes = response.bodyStream != nil ? exchange.streamedBodyBytes : response.body.count
        let recorded = RecordedResponse(
            status: response.status, bodyBytes: bodyBytes, bytes: exchange.responseBytes,
            body: keepsBody ? response.body : nil, replay: replay, fault: response.fault?.description)
        var head =
            written.flatMap { written in
                written.withUnsafeBytes { RecordedHeads.headLength($0, bodyCount: response.body.count) }.map { written[..<$0] }
            } ?? Self.headText(response)[...]
        if configuration.redactsHeaders && HeaderRedaction.hasSetCookie(response.headers) {
            head = HeaderRedaction.redactingRaw(Array(head))[...]
        }
        let abort = cut.map { Self.abort(exchange, phase: .response, cause: $0) }
        return record(
            exchange, &facts, outcome: cut.map(Self.outcome) ?? .complete, status: exchange.status,
            responseBytes: exchange.responseBytes, response: recorded, responseHead: head, echoRecord: response.annotation as? EchoRecord, abort: abort,
            extraCost: keepsBody ? response.body.count : 0)
    }

    /// A response's status line and the fields its route set, for a head the history does not get
    /// as written.
    package static func headText(_ response: Response) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(HTTPStatus.reasonPhrase(for: response.status))\r\n"
        for field in response.headers { text += "\(field.name): \(field.value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Records a request the connection refused (a parse error, a 408 timeout), with `input`: the
    /// bytes of the read it was refused in, from where the parser stood (empty for a timeout).
    /// `exchange` is the request whose body was being read, if any.
    package func recordRefusal(_ error: ServerError, exchange: Exchange?, input: UnsafeRawBufferPointer, remoteHost: String, loop: Int) {
        let cap = configuration.maxHistoryBodyBytes
        let refusal = RecordedRefusal(
            code: error.code.name, status: error.status, message: error.message, offset: error.offset,
            raw: Array(input.prefix(cap)), rawTruncated: input.count > cap)
        recordRefusal(refusal, exchange: exchange, remoteHost: remoteHost, loop: loop)
    }

    /// Records a TLS handshake from `remoteHost` that did not finish: an entry without a request,
    /// whose target is the name the client asked for.
    package func recordHandshakeFailure(_ failure: HandshakeFailure, remoteHost: String, loop: Int) {
        let summary = HistorySummary(
            session: SessionName.defaultName, requestID: "", startedAt: WallClock.now() - Double(failure.durationMicroseconds) / 1e6,
            durationMicroseconds: failure.durationMicroseconds, outcome: .handshakeFailed, method: "TLS", target: failure.serverName ?? "",
            path: "", status: 0, route: nil, requestBodyBytes: 0, responseBytes: 0, contentType: nil, client: remoteHost, diagnosticCount: 1)
        let recorded = RecordedExchange(loopIndex: loop, body: RecordedBody(), handshakeFailure: failure)
        add(summary, .live(recorded), approximateBytes: 512 + 40 * failure.offeredCiphers.count)
    }

    /// Records an exchange that ended before it was complete, for `cause`: in its body, or while
    /// its response was delayed.
    package func recordAbort(_ exchange: Exchange, phase: Exchange.AbortPhase, cause: Exchange.EndCause) {
        guard exchange.recording != nil else { return }
        var facts = HeadFacts(exchange.context.head.headers, redacts: configuration.redactsHeaders)
        record(
            exchange, &facts, outcome: Self.outcome(cause), status: 0, responseBytes: 0,
            abort: Self.abort(exchange, phase: phase, cause: cause))
    }

    /// A client that closed or stopped reading aborted the exchange; a stop interrupted it.
    private static func outcome(_ cause: Exchange.EndCause) -> HistoryEntry.Outcome {
        switch cause {
        case .clientClosed, .writeTimeout: .clientAborted
        case .serverStopped: .interrupted
        }
    }

    private static func abort(_ exchange: Exchange, phase: Exchange.AbortPhase, cause: Exchange.EndCause) -> RecordedAbort {
        var expected: Int64?
        if case .contentLength(let length) = exchange.context.head.framing { expected = length }
        return RecordedAbort(
            phase: phase.rawValue, cause: cause.rawValue, expectedBodyBytes: expected, receivedBodyBytes: exchange.bodyBytes)
    }

    private func recordRefusal(_ refusal: RecordedRefusal, exchange: Exchange?, remoteHost: String, loop: Int) {
        var refusal = refusal
        if configuration.redactsHeaders { refusal.raw = HeaderRedaction.redactingRaw(refusal.raw) }
        if let exchange {
            guard exchange.recording != nil else { return }
            var facts = HeadFacts(exchange.context.head.headers, redacts: configuration.redactsHeaders)
            record(exchange, &facts, outcome: .refused, status: refusal.status, responseBytes: 0, refusal: refusal)
            return
        }
        let line = Self.requestLine(refusal.raw)
        let summary = HistorySummary(
            session: SessionName.defaultName, requestID: "", startedAt: Date().timeIntervalSince1970, durationMicroseconds: 0,
            outcome: .refused, method: line.method, target: line.target,
            path: String(line.target.prefix { $0 != "?" }), status: refusal.status, route: nil, requestBodyBytes: 0,
            responseBytes: 0, contentType: nil, client: remoteHost, diagnosticCount: 1)
        let recorded = RecordedExchange(loopIndex: loop, body: RecordedBody(), refusal: refusal)
        add(summary, .live(recorded), approximateBytes: 512 + refusal.raw.count)
    }

    @discardableResult
    private func record(
        _ exchange: Exchange, _ facts: inout HeadFacts, outcome: HistoryEntry.Outcome, status: Int, responseBytes: Int,
        response: consuming RecordedResponse? = nil, responseHead: ArraySlice<UInt8>? = nil, echoRecord: EchoRecord? = nil, refusal: consuming RecordedRefusal? = nil, abort: consuming RecordedAbort? = nil,
        extraCost: Int = 0
    ) -> HistoryEntry {
        let context = exchange.context
        let elapsed = clock() &- context.receivedAt
        let cap = configuration.maxHistoryBodyBytes
        var rawHead = context.head.rawHead ?? HistoryEntry.rawHeadBytes(context.head)
        if !facts.redacted.isEmpty { rawHead = HeaderRedaction.redactingRaw(rawHead) }
        let heads = rawHead.withUnsafeBytes { request in
            (responseHead ?? []).withUnsafeBytes { RecordedHeads.make(request: request, response: $0) }
        }
        let targetBytes = context.head.target.utf8.count
        let keptBytes = exchange.recording!.capture.bytes.count
        let size = exchange.recording!.capture.size
        var body = RecordedBody(
            bytes: exchange.recording!.capture.bytes, size: size, isWhole: exchange.recording!.capture.isWhole,
            contentType: facts.contentType)
        var cost = 512 + extraCost + 2 * targetBytes + keptBytes + 2 * heads.byteCount
        var echo: EchoRecord?
        var derived: HistoryDerivedView?
        if let echoRecord {
            body.sha256 = echoRecord.bodySHA256
            if size <= Int64(cap) && facts.redacted.isEmpty {
                echo = echoRecord
                cost += 3 * keptBytes + 2 * targetBytes + 256
            } else {
                // The document holds the redacted values, or a body larger than the history keeps.
                derived = HistoryDerivation.fromEcho(echoRecord, keepsBodyValues: size <= Int64(cap))
                cost += 1024
            }
        } else if !body.isWhole {
            body.sha256 = exchange.recording!.capture.overflowSHA256
        }
        let session: String
        if let pathSession = exchange.recording!.pathSession {
            session = String(pathSession)
        } else if let named = facts.session, SessionName.isValid(named[...]) {
            session = named
        } else {
            session = SessionName.defaultName
        }
        // Made in one expression, so that the summary and the exchange move into the entry.
        return add(
            HistoryEntry(
                summary: HistorySummary(
                    session: session, requestID: context.requestID, startedAt: WallClock.now() - Double(elapsed) / 1e9,
                    durationMicroseconds: Int(elapsed / 1000), outcome: outcome, method: context.head.method.rawValue, target: context.head.target,
                    path: String(exchange.recording!.routedPath), status: status, route: exchange.route, requestBodyBytes: size,
                    responseBytes: responseBytes, contentType: facts.contentType, client: context.remoteHost, diagnosticCount: nil),
                detail: .live(
                    RecordedExchange(
                        heads: heads, redactedHeaders: facts.redacted, loopIndex: context.loopIndex,
                        body: body, echo: echo, response: response, refusal: refusal, abort: abort, derived: derived,
                        security: context.security, stream: context.stream)),
                approximateBytes: cost))
    }

    /// What recording needs from a request's header fields, found in one pass over them.
    package struct HeadFacts {
        package var contentType: String?
        /// The `X-Boomerang-Session` value, not yet validated.
        package var session: String?
        /// The sensitive names present (first spelling of each), when the history redacts them.
        package var redacted: [String] = []

        package init(_ headers: HTTPHeaders, redacts: Bool) {
            headers.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    let count = fields[index].name.utf8.count
                    switch count {
                    case 12 where contentType == nil && HTTPHeaders.namesMatch(fields[index].name, "Content-Type"):
                        contentType = fields[index].value
                    case 19 where session == nil && HTTPHeaders.namesMatch(fields[index].name, SessionName.headerName):
                        session = fields[index].value
                    default:
                        guard redacts && HeaderRedaction.isSensitive(fields[index].name, count: count) else { continue }
                        let name = fields[index].name
                        if !redacted.contains(where: { HTTPHeaders.namesMatch($0, name) }) { redacted.append(name) }
                    }
                }
            }
        }
    }

    /// The method and target of a refused request's first line, when it has them.
    package static func requestLine(_ raw: [UInt8]) -> (method: String, target: String) {
        let line = raw.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(2048)
        let words = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count >= 2, words[0].count <= 32, words[0].allSatisfy(HTTPSyntax.isVisibleASCII) else { return ("", "") }
        let target = words[1].allSatisfy(HTTPSyntax.isVisibleASCII) ? String(decoding: words[1], as: UTF8.self) : ""
        return (String(decoding: words[0], as: UTF8.self), target)
    }
}

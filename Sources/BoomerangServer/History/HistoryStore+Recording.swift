import BoomerangSerialization
import FoundationEssentials

/// The calls the connection makes: one when a response is ready, one when the parser refuses a
/// request, one when a timeout ends one, one when a client leaves in the middle of one. Each
/// takes what the connection already has; nothing is decoded or rendered here.
extension HistoryStore {
    /// Records an exchange whose response is about to be written (`exchange.status` and
    /// `exchange.responseBytes` set). Admin requests, which are not wrapped, are skipped.
    func recordResponse(_ exchange: Exchange, _ response: Response) {
        guard let recording = exchange.recording else { return }
        record(
            exchange.context, recording, outcome: .complete, status: exchange.status, responseBytes: exchange.responseBytes,
            response: response)
    }

    /// Records a request the connection refused (a parse error, a 408 timeout), with `input`: the
    /// bytes of the read it was refused in, from where the parser stood (empty for a timeout).
    /// `exchange` is the request whose body was being read, if any.
    func recordRefusal(_ error: ServerError, exchange: Exchange?, input: UnsafeRawBufferPointer, remoteHost: String, loop: Int) {
        let cap = configuration.maxHistoryBodyBytes
        let refusal = RecordedRefusal(
            code: error.code.name, status: error.status, message: error.message, offset: error.offset,
            raw: Array(input.prefix(cap)), rawTruncated: input.count > cap)
        recordRefusal(refusal, exchange: exchange, remoteHost: remoteHost, loop: loop)
    }

    /// Records an exchange the client left before it was complete: in its body, or while its
    /// response was delayed or sent.
    func recordAbort(_ exchange: Exchange, phase: Exchange.AbortPhase) {
        guard let recording = exchange.recording else { return }
        var expected: Int64?
        if case .contentLength(let length) = exchange.context.head.framing { expected = length }
        let abort = RecordedAbort(phase: phase.rawValue, expectedBodyBytes: expected, receivedBodyBytes: exchange.bodyBytes)
        record(exchange.context, recording, outcome: .clientAborted, status: 0, responseBytes: 0, abort: abort)
    }

    private func recordRefusal(_ refusal: RecordedRefusal, exchange: Exchange?, remoteHost: String, loop: Int) {
        var refusal = refusal
        if configuration.redactsHeaders { refusal.raw = HeaderRedaction.redactingRaw(refusal.raw) }
        if let exchange {
            guard let recording = exchange.recording else { return }
            record(exchange.context, recording, outcome: .refused, status: refusal.status, responseBytes: 0, refusal: refusal)
            return
        }
        let line = Self.requestLine(refusal.raw)
        let summary = HistorySummary(
            session: SessionName.defaultName, requestID: "", startedAt: Date().timeIntervalSince1970, durationMicroseconds: 0,
            outcome: .refused, method: line.method, target: line.target,
            path: String(line.target.prefix { $0 != "?" }), status: refusal.status, route: nil, requestBodyBytes: 0,
            responseBytes: 0, contentType: nil, client: remoteHost, diagnosticCount: 1)
        let recorded = RecordedExchange(head: nil, loopIndex: loop, body: RecordedBody(), refusal: refusal)
        add(summary, .live(recorded), approximateBytes: 512 + refusal.raw.count)
    }

    private func record(
        _ context: RequestContext, _ recording: RecordingResponder, outcome: HistoryEntry.Outcome, status: Int, responseBytes: Int,
        response: Response? = nil, refusal: RecordedRefusal? = nil, abort: RecordedAbort? = nil
    ) {
        let now = MonotonicClock.nanoseconds()
        let elapsed = now &- context.receivedAt
        let cap = configuration.maxHistoryBodyBytes
        var head = context.head
        var redacted: [String] = []
        if configuration.redactsHeaders, let redaction = HeaderRedaction.redacting(head.headers) {
            head.headers = redaction.headers
            redacted = redaction.names
        }
        let capture = recording.capture
        let contentType = head.headers["Content-Type"]
        var body = RecordedBody(bytes: capture.bytes, size: capture.size, isWhole: capture.isWhole, contentType: contentType)
        var cost = 512 + head.target.utf8.count + capture.bytes.count
        for field in head.headers { cost += field.name.utf8.count + field.value.utf8.count + 32 }
        var recordedResponse: RecordedResponse?
        if let response {
            var headers = response.headers
            if configuration.redactsHeaders, let redaction = HeaderRedaction.redactingResponse(headers) { headers = redaction }
            // A body written whole that the echo can write again from the kept head is not kept.
            let replay = redacted.isEmpty && response.bodyStream == nil && response.fault == nil ? response.echoReplay : nil
            let keepsBody = replay == nil && response.body.count <= cap && redacted.isEmpty
            recordedResponse = RecordedResponse(
                status: response.status, headers: headers, bodyBytes: response.body.count, bytes: responseBytes,
                body: keepsBody ? response.body : nil, replay: replay)
            cost += keepsBody ? response.body.count : 0
        }
        var echo: EchoRecord?
        var derived: HistoryDerivedView?
        if let record = response?.echoRecord {
            body.sha256 = record.bodySHA256
            if capture.size <= Int64(cap) && redacted.isEmpty {
                echo = record
                cost += 3 * capture.bytes.count + 2 * head.target.utf8.count + 256
            } else {
                // The document holds the redacted values, or a body larger than the history keeps.
                derived = HistoryDerivation.fromEcho(record, keepsBodyValues: capture.size <= Int64(cap))
                cost += 1024
            }
        } else if !capture.isWhole {
            body.sha256 = capture.overflowSHA256
        }
        let recorded = RecordedExchange(
            head: head, redactedHeaders: redacted, loopIndex: context.loopIndex, body: body, echo: echo,
            response: recordedResponse, refusal: refusal, abort: abort, derived: derived)
        let summary = HistorySummary(
            session: SessionName.resolve(pathSession: recording.pathSession, headers: context.head.headers),
            requestID: context.requestID, startedAt: Date().timeIntervalSince1970 - Double(elapsed) / 1e9,
            durationMicroseconds: Int(elapsed / 1000), outcome: outcome, method: head.method.rawValue, target: head.target,
            path: String(recording.routedPath), status: status, route: recording.route, requestBodyBytes: capture.size,
            responseBytes: responseBytes, contentType: contentType, client: context.remoteHost, diagnosticCount: nil)
        add(summary, .live(recorded), approximateBytes: cost)
    }

    /// The method and target of a refused request's first line, when it has them.
    static func requestLine(_ raw: [UInt8]) -> (method: String, target: String) {
        let line = raw.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(2048)
        let words = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count >= 2, words[0].count <= 32, words[0].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return ("", "") }
        let target = words[1].allSatisfy { $0 > 0x20 && $0 < 0x7F } ? String(decoding: words[1], as: UTF8.self) : ""
        return (String(decoding: words[0], as: UTF8.self), target)
    }
}

import BoomerangEcho
import BoomerangRuntime
import BoomerangSerialization

/// Entries as the admin API shows them (docs/admin-api.md): rendered when read.
extension HistoryEntry {
    /// The decoded view and diagnostics, derived once; `nil` for restored entries.
    package func derivedView(options: EchoConfiguration) -> HistoryDerivedView? {
        guard case .live(let recorded) = detail else { return nil }
        if let view = recorded.derived { return view }
        return derived {
            if let echo = recorded.echo { return HistoryDerivation.fromEcho(echo, keepsBodyValues: true) }
            guard let head = recorded.head else {
                return HistoryDerivedView(decoded: StructuredObject(), diagnostics: [], parts: [], bodyKind: .none, bodySHA256: nil)
            }
            return HistoryDerivation.decoding(head: head, body: recorded.body, options: options)
        }
    }

    /// The diagnostics of the request plus those of how it ended.
    package func diagnostics(options: EchoConfiguration) -> [StructuredValue] {
        switch detail {
        case .live(let recorded):
            return (derivedView(options: options)?.diagnostics ?? []) + HistoryDerivation.endingDiagnostics(recorded)
        case .restored(let object):
            return object["request"]?["diagnostics"]?.arrayValue ?? []
        }
    }

    /// The summary object of lists and live events.
    package func summaryValue(options: EchoConfiguration) -> StructuredValue {
        .object(summaryObject(options: options))
    }

    private func summaryObject(options: EchoConfiguration) -> StructuredObject {
        let summary = self.summary
        var object = StructuredObject(minimumCapacity: 24)
        object.append(.int(Int64(id)), forNewKey: "id")
        object.append(.string(summary.requestID), forNewKey: "requestId")
        object.append(.string(summary.session), forNewKey: "session")
        object.append(.string(WallClock.iso8601(summary.startedAt)), forNewKey: "startedAt")
        object.append(.int(Int64(summary.durationMicroseconds)), forNewKey: "durationMicroseconds")
        object.append(.string(summary.outcome.rawValue), forNewKey: "outcome")
        object.append(.string(summary.method), forNewKey: "method")
        object.append(.string(summary.target), forNewKey: "target")
        object.append(.string(summary.path), forNewKey: "path")
        object.append(.int(Int64(summary.status)), forNewKey: "status")
        object.append(summary.route.map(StructuredValue.string) ?? .null, forNewKey: "route")
        object.append(.int(summary.requestBodyBytes), forNewKey: "requestBodyBytes")
        object.append(.int(Int64(summary.responseBytes)), forNewKey: "responseBytes")
        object.append(summary.contentType.map(StructuredValue.string) ?? .null, forNewKey: "contentType")
        object.append(.string(summary.client), forNewKey: "client")
        let count: Int
        if case .live(let recorded) = detail, let known = summary.diagnosticCount {
            count = known + HistoryDerivation.endingDiagnostics(recorded).count
        } else {
            count = diagnostics(options: options).count
        }
        object.append(.int(Int64(count)), forNewKey: "diagnosticCount")
        return object
    }

    /// The whole entry, as `GET /__admin/requests/{id}` and the history file show it.
    package func fullValue(options: EchoConfiguration) -> StructuredValue {
        guard case .live(let recorded) = detail else {
            if case .restored(let object) = detail { return .object(object) }
            return .null
        }
        var object = summaryObject(options: options)
        object.append(.int(Int64(recorded.loopIndex)), forNewKey: "loop")
        object.append(.object(requestObject(recorded, options: options)), forNewKey: "request")
        object.append(
            recorded.response.map { response in
                var bytes = response.body
                if bytes == nil, let replay = response.replay, let head = recorded.head {
                    bytes = replay.body(
                        head: head, remoteHost: summary.client, requestID: summary.requestID, security: recorded.security,
                        stream: recorded.stream)
                }
                return .object(Self.responseObject(response, head: recorded.heads, body: bytes, route: summary.route))
            } ?? .null, forNewKey: "response")
        object.append(recorded.refusal.map { .object(Self.refusalObject($0)) } ?? .null, forNewKey: "refusal")
        object.append(recorded.abort.map { .object(Self.abortObject($0)) } ?? .null, forNewKey: "abort")
        object.append(recorded.handshakeFailure.map(\.historyValue) ?? .null, forNewKey: "handshake")
        return .object(object)
    }

    private func requestObject(_ recorded: RecordedExchange, options: EchoConfiguration) -> StructuredObject {
        var request = StructuredObject(minimumCapacity: 12)
        let view = derivedView(options: options)
        request.append(.string(summary.method), forNewKey: "method")
        request.append(.string(summary.target), forNewKey: "target")
        request.append(.string(summary.path), forNewKey: "path")
        let head = recorded.head
        request.append(head?.query.map { .string(String($0)) } ?? .null, forNewKey: "query")
        request.append(head.map { .string(Self.versionText($0.version)) } ?? .null, forNewKey: "version")
        request.append(
            head.map { .string(EchoDocument.url($0, secure: recorded.security != nil, authority: recorded.stream?.authority)) } ?? .null,
            forNewKey: "url")
        request.append(recorded.security.map(\.echoValue) ?? .null, forNewKey: "tls")
        request.append(recorded.stream.map(\.echoValue) ?? .null, forNewKey: "http2")
        let fields = head?.headers.fields ?? []
        request.append(.array(fields.map { .array([.string($0.name), .string($0.value)]) }), forNewKey: "headers")
        request.append(.array(recorded.redactedHeaders.map(StructuredValue.string)), forNewKey: "redactedHeaders")
        request.append(.string(head.map(Self.rawHead) ?? ""), forNewKey: "raw")
        request.append(.object(bodyObject(recorded.body, view: view)), forNewKey: "body")
        request.append(.object(view?.decoded ?? StructuredObject()), forNewKey: "decoded")
        request.append(.array(diagnostics(options: options)), forNewKey: "diagnostics")
        return request
    }

    private func bodyObject(_ body: RecordedBody, view: HistoryDerivedView?) -> StructuredObject {
        var object = StructuredObject(minimumCapacity: 8)
        object.append(.int(body.size), forNewKey: "size")
        let kind = view?.bodyKind ?? .none
        object.append(.string(BodyParts.kindName(body.size == 0 && kind == .other ? .none : kind)), forNewKey: "kind")
        object.append(body.contentType.map(StructuredValue.string) ?? .null, forNewKey: "contentType")
        object.append(.bool(body.isWhole), forNewKey: "inline")
        let sha256 = body.sha256 ?? view?.bodySHA256 ?? (body.isWhole && body.size > 0 ? HistoryDerivation.sha256(body.bytes) : nil)
        object.append(sha256.map(StructuredValue.string) ?? .null, forNewKey: "sha256")
        if body.size > 0 {
            let (key, value) = Self.textOrBase64(body.bytes)
            object.append(value, forNewKey: key)
        }
        if !body.isWhole { object.append(.bool(true), forNewKey: "preview") }
        return object
    }

    private static func responseObject(_ response: RecordedResponse, head: RecordedHeads?, body bytes: [UInt8]?, route: String?)
        -> StructuredObject
    {
        var object = StructuredObject(minimumCapacity: 8)
        object.append(.int(Int64(response.status)), forNewKey: "status")
        let fields = head?.responseFields.fields ?? []
        object.append(.array(fields.map { .array([.string($0.name), .string($0.value)]) }), forNewKey: "headers")
        object.append(.string(String(decoding: head?.response ?? [], as: UTF8.self)), forNewKey: "raw")
        object.append(.int(Int64(response.bodyBytes)), forNewKey: "bodyBytes")
        object.append(.int(Int64(response.bytes)), forNewKey: "bytes")
        object.append(route.map(StructuredValue.string) ?? .null, forNewKey: "route")
        object.append(response.fault.map(StructuredValue.string) ?? .null, forNewKey: "fault")
        var body = StructuredObject()
        if let bytes {
            body.append(.bool(true), forNewKey: "inline")
            let (key, value) = textOrBase64(bytes)
            body.append(value, forNewKey: key)
        } else {
            body.append(.bool(false), forNewKey: "inline")
        }
        object.append(.object(body), forNewKey: "body")
        return object
    }

    private static func refusalObject(_ refusal: RecordedRefusal) -> StructuredObject {
        var object = StructuredObject(minimumCapacity: 7)
        object.append(.string(refusal.code), forNewKey: "code")
        object.append(.int(Int64(refusal.status)), forNewKey: "status")
        object.append(.string(refusal.message), forNewKey: "message")
        object.append(refusal.offset.map { .int(Int64($0)) } ?? .null, forNewKey: "offset")
        object.append(.string(String(decoding: refusal.raw, as: UTF8.self)), forNewKey: "raw")
        var base64: [UInt8] = []
        Base64.append(refusal.raw, to: &base64)
        object.append(.string(String(decoding: base64, as: UTF8.self)), forNewKey: "rawBase64")
        object.append(.bool(refusal.rawTruncated), forNewKey: "rawTruncated")
        return object
    }

    private static func abortObject(_ abort: RecordedAbort) -> StructuredObject {
        var object = StructuredObject(minimumCapacity: 4)
        object.append(.string(abort.phase), forNewKey: "phase")
        object.append(.string(abort.cause), forNewKey: "cause")
        object.append(abort.expectedBodyBytes.map { .int($0) } ?? .null, forNewKey: "expectedBodyBytes")
        object.append(.int(abort.receivedBodyBytes), forNewKey: "receivedBodyBytes")
        return object
    }

    /// `("text", …)` for UTF-8, else `("base64", …)`.
    package static func textOrBase64(_ bytes: [UInt8]) -> (String, StructuredValue) {
        if let text = String(validating: bytes, as: UTF8.self) { return ("text", .string(text)) }
        var encoded: [UInt8] = []
        Base64.append(bytes, to: &encoded)
        return ("base64", .string(String(decoding: encoded, as: UTF8.self)))
    }

    package static func versionText(_ version: HTTPVersion) -> String {
        "HTTP/\(version.major).\(version.minor)"
    }

    /// The head's bytes as received (sensitive values redacted when the history redacts), or
    /// written again from the parsed head when the parser did not keep them.
    package static func rawHeadBytes(_ head: HTTPRequestHead) -> [UInt8] {
        head.rawHead ?? Array(rawHead(head).utf8)
    }

    /// The head as received, as text, or written again from the parsed head (request line and
    /// fields, CRLF line ends) when the parser did not keep its bytes.
    package static func rawHead(_ head: HTTPRequestHead) -> String {
        if let raw = head.rawHead { return String(decoding: raw, as: UTF8.self) }
        var text = "\(head.method.rawValue) \(head.target) \(versionText(head.version))\r\n"
        for field in head.headers { text += "\(field.name): \(field.value)\r\n" }
        return text + "\r\n"
    }
}

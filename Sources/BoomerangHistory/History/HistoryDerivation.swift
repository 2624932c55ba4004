import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization
import Crypto

/// The decoded view of a recorded request, with the echo's key names and shapes: taken from the
/// echo's own document when the echo answered, otherwise decoded from the kept body the way the
/// echo would (on read, never on the hot path).
package enum HistoryDerivation {
    /// The echo document's keys that describe the request's query and body.
    package static let decodedKeys = ["args", "query", "params", "form", "formParams", "files", "json", "plist", "xml", "multipart"]
    /// The keys that may hold body content, left out when the body was larger than the history keeps.
    private static let bodyValueKeys: Set<String> = ["form", "formParams", "files", "json", "plist"]

    /// The view from the echo's document. Without `keepsBodyValues` the keys that hold body
    /// content are left out and multipart parts lose their `text`.
    package static func fromEcho(_ echo: EchoRecord, keepsBodyValues: Bool) -> HistoryDerivedView {
        var decoded = StructuredObject(minimumCapacity: decodedKeys.count)
        for key in decodedKeys {
            guard var value = echo.document[key] else { continue }
            if !keepsBodyValues {
                if bodyValueKeys.contains(key) { continue }
                if key == "multipart" { value = withoutPartText(value) }
            } else if key == "multipart" {
                value = withPartText(value, echo.parts)
            }
            decoded.append(value, forNewKey: key)
        }
        return HistoryDerivedView(
            decoded: decoded, diagnostics: echo.document["diagnostics"]?.arrayValue ?? [],
            parts: keepsBodyValues ? echo.parts : [], bodyKind: echo.bodyKind, bodySHA256: echo.bodySHA256)
    }

    /// The view decoded from the kept body, for routes other than the echo.
    package static func decoding(head: HTTPRequestHead, body: RecordedBody, options: EchoConfiguration) -> HistoryDerivedView {
        var collector = BodyCollector(head: head, configuration: options)
        let decodable = body.isWhole && body.size > 0
        if decodable { body.bytes.withUnsafeBytes { collector.receive($0) } }
        let hash = collector.finish()
        let parts = decodable ? BodyParts(body: collector, bodyHash: hash) : BodyParts()
        let query = EchoQuery(head.query ?? "")
        var decoded = StructuredObject(minimumCapacity: decodedKeys.count)
        decoded.append(.object(query.args), forNewKey: "args")
        decoded.append(.array(query.pairsValue), forNewKey: "query")
        decoded.append(query.params, forNewKey: "params")
        if decodable {
            decoded.append(.object(parts.form), forNewKey: "form")
            decoded.append(parts.formParams, forNewKey: "formParams")
            decoded.append(.object(parts.files), forNewKey: "files")
            decoded.append(parts.json, forNewKey: "json")
            if let plist = parts.plist { decoded.append(plist, forNewKey: "plist") }
            if let xml = parts.xml { decoded.append(xml, forNewKey: "xml") }
            if let multipart = parts.multipart {
                decoded.append(withPartText(multipart, collector.multipart?.parts ?? []), forNewKey: "multipart")
            }
        }
        let diagnostics = RequestDiagnostics.headers(head.headers).map(\.value) + parts.diagnostics + query.diagnostics
        return HistoryDerivedView(
            decoded: decoded, diagnostics: diagnostics, parts: collector.multipart?.parts ?? [], bodyKind: collector.kind,
            bodySHA256: body.sha256 ?? (body.isWhole && body.size > 0 ? hash ?? Self.sha256(body.bytes) : nil))
    }

    /// The diagnostics a refusal or an abort adds to the request's own.
    package static func endingDiagnostics(_ exchange: RecordedExchange) -> [StructuredValue] {
        var findings: [Diagnostic] = []
        if let refusal = exchange.refusal {
            findings.append(Diagnostic(refusal.code, .error, refusal.message, offset: refusal.offset))
        }
        if let abort = exchange.abort {
            findings.append(abortDiagnostic(abort))
        }
        if let fault = exchange.response?.fault {
            findings.append(Diagnostic(
                "responseFault", .info,
                "the response was broken on purpose (\(fault)), as x-set-response-fault or the mapping asked: the client did not get it as shown"))
        }
        return findings.map(\.value)
    }

    private static func abortDiagnostic(_ abort: RecordedAbort) -> Diagnostic {
        let during =
            switch Exchange.AbortPhase(rawValue: abort.phase) {
            case .delay: "while the response was held back by its delay; nothing was sent"
            case .response: "while the response was being sent"
            case .body, nil: "after \(abort.receivedBodyBytes) of \(abort.expectedBodyBytes.map(String.init) ?? "an unknown number of") body bytes"
            }
        switch Exchange.EndCause(rawValue: abort.cause) {
        case .writeTimeout:
            return Diagnostic(
                "clientStoppedReading", .warning,
                "the client stopped reading; the server closed the connection when its write timeout passed, \(during)")
        case .serverStopped:
            return Diagnostic("serverStopped", .warning, "the server stopped (its shutdown timeout passed) \(during)")
        case .clientClosed, nil:
            break
        }
        switch Exchange.AbortPhase(rawValue: abort.phase) {
        case .delay:
            return Diagnostic("clientClosedDuringDelay", .warning, "the client closed the connection \(during)")
        case .response:
            return Diagnostic("clientClosedDuringResponse", .warning, "the client closed the connection \(during)")
        case .body, nil:
            if let expected = abort.expectedBodyBytes {
                return Diagnostic(
                    "contentLengthMismatch", .error,
                    "Content-Length is \(expected) but the client sent \(abort.receivedBodyBytes) body bytes and closed the connection")
            }
            return Diagnostic(
                "incompleteChunkedBody", .error,
                "the client closed the connection after \(abort.receivedBodyBytes) body bytes, before the last chunk")
        }
    }

    /// The echo writes a whole part's content once, in `form` or `files`; the history shows it
    /// in the part as well, as `text` when it is UTF-8.
    private static func withPartText(_ multipart: StructuredValue, _ collected: [MultipartCollector.Part]) -> StructuredValue {
        guard var object = multipart.objectValue, let parts = object["parts"]?.arrayValue, parts.count == collected.count else {
            return multipart
        }
        let shown = zip(parts, collected).map { part, collected -> StructuredValue in
            guard var entry = part.objectValue, entry["text"] == nil, let bytes = collected.inline,
                let text = String(validating: bytes, as: UTF8.self)
            else { return part }
            entry.append(.string(text), forKey: "text")
            return .object(entry)
        }
        _ = object.updateValue(.array(shown), forKey: "parts")
        return .object(object)
    }

    private static func withoutPartText(_ multipart: StructuredValue) -> StructuredValue {
        guard var object = multipart.objectValue, let parts = object["parts"]?.arrayValue else { return multipart }
        let stripped = parts.map { part -> StructuredValue in
            guard var entry = part.objectValue else { return part }
            _ = entry.removeValue(forKey: "text")
            if entry["truncated"] == nil { entry.append(.bool(true), forKey: "truncated") }
            return .object(entry)
        }
        _ = object.updateValue(.array(stripped), forKey: "parts")
        return .object(object)
    }

    package static func sha256(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Hex.lowercase(hasher.finalize())
    }
}

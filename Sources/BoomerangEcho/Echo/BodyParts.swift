import BoomerangSerialization
import BoomerangXML

/// The body-derived keys of an echo, computed once from a finished `BodyCollector`.
package struct BodyParts {
    package var data: StructuredValue = .string("")
    package var files = StructuredObject()
    package var form = StructuredObject()
    package var formParams: StructuredValue = .object(StructuredObject())
    package var json: StructuredValue = .null
    /// The body itself, when it is JSON past ``decodedJSONLimit`` that the echo copies into
    /// `json` as sent instead of decoding it, and writes as `data` (`json` and `data` are then
    /// placeholders).
    package var verbatimJSON: [UInt8]?
    package var multipart: StructuredValue?
    package var plist: StructuredValue?
    package var xml: StructuredValue?
    package var bodySummary: StructuredValue = .null
    package var diagnostics: [StructuredValue] = []
    private var echoesControlsAsData = false
    /// The control characters (other than tab, LF, CR) one request's echo writes as escapes.
    package static let controlCharacterBudget = 65_536
    private var controlsLeft = controlCharacterBudget

    /// JSON bodies up to this size are decoded into `json`, and pretty-printed in a JSON echo.
    package static let decodedJSONLimit = 1 << 20
    /// Checks JSON that is copied as sent: memory stays flat whatever the size, so the size is not limited.
    package static let verbatimJSONParser = JSONParser(configuration: JSONParserConfiguration(maxInputBytes: .max))

    /// No body at all (a GET without one): every key keeps its empty value.
    package init() {}

    /// Whether a JSON echo of `body` copies it into `json` as sent: JSON, or a JSON-looking body
    /// of another type, past ``decodedJSONLimit`` (decoded, it would take about ten times its size
    /// in memory, and pretty-printed three times).
    package static func takesJSONVerbatim(_ body: BodyCollector) -> Bool {
        guard !body.truncated, body.size > decodedJSONLimit else { return false }
        switch body.kind {
        case .json: return !looksLikePropertyList(body.buffer)
        case .other: return !looksLikePropertyList(body.buffer) && RequestDiagnostics.looksLikeJSONContainer(body.buffer)
        default: return false
        }
    }

    /// - Parameter jsonVerbatim: whether JSON past ``decodedJSONLimit`` is checked and kept in
    ///   ``verbatimJSON`` (for a JSON echo, which copies it) instead of decoded.
    package init(body: BodyCollector, bodyHash: String?, jsonVerbatim: Bool = false) {
        var summary = StructuredObject()
        summary.append(body.contentType.map(StructuredValue.string) ?? .null, forKey: "contentType")
        summary.append(.string(BodyParts.kindName(body.kind)), forKey: "kind")
        if let bodyHash { summary.append(.string(bodyHash), forKey: "sha256") }
        summary.append(.int(body.size), forKey: "size")
        if body.truncated { summary.append(.bool(true), forKey: "truncated") }
        if !body.decodedCodings.isEmpty {
            summary.append(.array(body.decodedCodings.map(StructuredValue.string)), forKey: "contentEncoding")
            diagnostics.append(BodyParts.diagnostic(
                "bodyDecoded", .info,
                "the body was decoded from \(body.decodedCodings.joined(separator: ", ")) (Content-Encoding) before it was described; size and sha256 are of the decoded body",
                nil))
        }
        bodySummary = .object(summary)
        if body.truncated {
            diagnostics.append(BodyParts.diagnostic(
                "bodyNotBuffered", .info, "the body is larger than the buffered-body limit; only its size and hash are reported", nil))
        }
        if let error = body.multipartSetupError {
            diagnostics.append(BodyParts.diagnostic("\(error.code)", .error, Self.sentence(error), Int(error.offset)))
        }
        switch body.kind {
        case .none:
            break
        case .multipart:
            if let collector = body.multipart { takeMultipart(collector) }
        case .urlencoded:
            guard !body.truncated else { break }
            checkText(body)
            if RequestDiagnostics.looksLikeJSONContainer(body.buffer), (try? JSONParser().parse(body.buffer)) != nil {
                diagnostics.append(RequestDiagnostics.jsonWithoutJSONContentType(body.contentType).value)
            }
            let text = String(decoding: body.buffer, as: UTF8.self)
            let decoded = FormDecoding.pairs(text, plusAsSpace: true)
            form = FormDecoding.semiflatten(decoded.pairs.map { ($0.name, StructuredValue.string($0.value ?? "")) })
            formParams = FormDecoding.tree(decoded.pairs)
            if let diagnostic = decoded.diagnostic { diagnostics.append(diagnostic) }
        case .json, .propertyList, .xml, .other:
            if jsonVerbatim && BodyParts.takesJSONVerbatim(body) {
                // Valid JSON is UTF-8 without control characters: then `data` is written from the
                // body, not from a copy of it as a string.
                checkText(body)
                decodeStructured(body, jsonVerbatim: true)
                if verbatimJSON == nil { data = text(body.buffer, contentType: "application/octet-stream") }
                break
            }
            data = text(body.buffer, contentType: "application/octet-stream")
            if !body.truncated && !body.buffer.isEmpty {
                if body.kind != .propertyList { checkText(body) }
                decodeStructured(body, jsonVerbatim: false)
            }
        }
    }

    private mutating func decodeStructured(_ body: BodyCollector, jsonVerbatim: Bool) {
        let bytes = body.buffer
        if body.kind == .propertyList || BodyParts.looksLikePropertyList(bytes) {
            do {
                plist = try PropertyListReader().read(bytes)
            } catch {
                plist = .null
                diagnostics.append(BodyParts.diagnostic("invalidPropertyList", .error, "\(error)", nil))
            }
            return
        }
        if body.kind == .xml {
            checkXML(bytes)
            return
        }
        do {
            if jsonVerbatim {
                try BodyParts.verbatimJSONParser.validate(bytes)
                verbatimJSON = bytes
                diagnostics.append(BodyParts.diagnostic(
                    "jsonEchoedVerbatim", .info,
                    "the body is valid JSON of \(bytes.count) bytes, past the \(BodyParts.decodedJSONLimit) the echo decodes: `json` holds it as sent, not decoded and pretty-printed, and repeated keys are not looked for",
                    nil))
            } else {
                json = try JSONParser().parse(bytes)
            }
            if body.kind == .other && RequestDiagnostics.looksLikeJSONContainer(bytes) {
                diagnostics.append(RequestDiagnostics.jsonWithoutJSONContentType(body.contentType).value)
            }
        } catch {
            if body.kind == .json {
                diagnostics.append(RequestDiagnostics.jsonContentTypeWithoutJSON(error).value)
            }
        }
    }

    /// An XML body is checked for well-formedness (external entities are never resolved); a
    /// malformed one gets a diagnostic with the parser's error code.
    private mutating func checkXML(_ bytes: [UInt8]) {
        do {
            try XMLWellFormedness().check(bytes)
            xml = ["wellFormed": true]
        } catch {
            xml = ["wellFormed": false, "parserError": .int(Int64(error.number))]
            diagnostics.append(BodyParts.diagnostic("malformedXML", .error, error.message, error.offset))
        }
    }

    private mutating func takeMultipart(_ collector: MultipartCollector) {
        var fieldPairs: [FormDecoding.Pair] = []
        var formValues: [(String, StructuredValue)] = []
        var fileValues: [(String, StructuredValue)] = []
        var parts: [StructuredValue] = []
        var notInline = 0
        for part in collector.parts {
            let disposition = part.head.contentDisposition
            let name = disposition?.name ?? ""
            var entry = StructuredObject()
            entry.append(disposition?.name.map(StructuredValue.string) ?? .null, forKey: "name")
            entry.append(disposition?.filename.map(StructuredValue.string) ?? .null, forKey: "filename")
            entry.append(part.head.contentType.map(StructuredValue.string) ?? .null, forKey: "contentType")
            entry.append(.array(part.head.headers.fields.map { .array([.string($0.name), .string($0.value)]) }), forKey: "headers")
            entry.append(.int(part.size), forKey: "size")
            entry.append(.string(part.sha256), forKey: "sha256")
            let contentType = part.head.contentType ?? "application/octet-stream"
            if !part.complete {
                // Shown in multipart.parts only: form and files hold what arrived whole.
                entry.append(.bool(false), forKey: "complete")
                if part.headRefused { entry.append(.bool(true), forKey: "headRefused") }
                if let inline = part.inline, let text = echoText(inline) {
                    entry.append(.string(text), forKey: "text")
                }
            } else if let inline = part.inline {
                // Echoed once, in form or files; the history shows it in the part too.
                let text = echoText(inline)
                let value = text.map(StructuredValue.string) ?? BodyParts.dataURL(inline, contentType: contentType)
                if disposition?.filename != nil {
                    fileValues.append((name, value))
                } else {
                    formValues.append((name, value))
                    if let text { fieldPairs.append((name, text)) }
                }
            } else {
                entry.append(.bool(true), forKey: "truncated")
                notInline += 1
            }
            parts.append(.object(entry))
        }
        if notInline > 0 {
            diagnostics.append(BodyParts.diagnostic(
                "partsNotInline", .info,
                "\(notInline) part(s) over the inline limit (max_inline_part_bytes) are described in multipart.parts "
                    + "by size and sha256, not echoed in form or files", nil))
        }
        files = FormDecoding.semiflatten(fileValues)
        form = FormDecoding.semiflatten(formValues)
        formParams = FormDecoding.tree(fieldPairs)
        var object = StructuredObject()
        object.append(.string(collector.boundary), forKey: "boundary")
        object.append(.bool(collector.complete && collector.error == nil), forKey: "complete")
        object.append(.array(parts), forKey: "parts")
        multipart = .object(object)
        if let error = collector.error {
            diagnostics.append(BodyParts.diagnostic("\(error.code)", .error, Self.sentence(error), Int(error.offset)))
            let broken = collector.parts.filter { !$0.complete }.count
            if broken > 0 {
                diagnostics.append(BodyParts.diagnostic(
                    "multipartPartIncomplete", .error,
                    "part #\(collector.parts.count - 1) broke off at byte \(error.offset) (\(error.code)); it is listed in "
                        + "multipart.parts with complete: false and left out of form and files", Int(error.offset)))
            }
        }
        for finding in collector.findings { diagnostics.append(finding.value) }
    }

    /// httpbin's rendering of body bytes: the text when it is UTF-8, else a base64 data URL.
    private mutating func text(_ bytes: [UInt8], contentType: String) -> StructuredValue {
        if let text = echoText(bytes) { return .string(text) }
        return Self.dataURL(bytes, contentType: contentType)
    }

    /// The bytes as echoed text, or nil to echo them as binary: not UTF-8, or holding more
    /// control characters than the request has left. JSON writes each control character but tab,
    /// LF and CR as six bytes (`\u0001`), so a body of them would echo at six times its size
    /// (robustness R02): past ``controlCharacterBudget`` in one request, texts go out as data URLs
    /// (a third larger than the bytes) with a diagnostic.
    private mutating func echoText(_ bytes: [UInt8]) -> String? {
        let controls = bytes.withUnsafeBytes { Self.controlCharacterCount($0, stoppingAbove: controlsLeft) }
        guard controls > controlsLeft else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            controlsLeft -= controls
            return text
        }
        if !echoesControlsAsData {
            echoesControlsAsData = true
            diagnostics.append(BodyParts.diagnostic(
                "controlCharactersEchoedAsData", .info,
                "bytes with more than \(Self.controlCharacterBudget) control characters in one request are echoed as a "
                    + "base64 data URL, not as escaped text", nil))
        }
        return nil
    }

    /// The bytes below 0x20 other than tab, LF and CR. A vector compare finds the 64-byte steps
    /// with any byte below 0x20 (most steps of text without line ends have none); those are counted
    /// eight bytes to a word, each byte's flag in its high bit, without carries between bytes.
    /// (Swift's vector masks compile lane by lane: counting with them ran at 0.2 GB/s on text with
    /// a line end every 64 bytes and 0.05 GB/s on control bytes; the words, 2.7 and 2.9 GB/s.)
    /// Counting stops once the count passes `limit`.
    package static func controlCharacterCount(_ bytes: UnsafeRawBufferPointer, stoppingAbove limit: Int = .max) -> Int {
        typealias Lanes = SIMD16<UInt8>
        let space = Lanes(repeating: 0x20)
        let none = Lanes(repeating: 0)
        /// 0xFF in each lane below 0x20, else 0.
        @inline(__always)
        func below(_ lanes: Lanes) -> Lanes { none.replacing(with: 0xFF, where: lanes .< space) }
        @inline(__always)
        func words(_ lanes: Lanes) -> SIMD2<UInt64> { unsafeBitCast(lanes, to: SIMD2<UInt64>.self) }
        func count(_ lanes: Lanes) -> Int {
            let pair = words(lanes)
            return Self.controlFlags(pair[0]).nonzeroBitCount &+ Self.controlFlags(pair[1]).nonzeroBitCount
        }
        @inline(__always)
        func load(_ offset: Int) -> Lanes { bytes.loadUnaligned(fromByteOffset: offset, as: Lanes.self) }
        var total = 0
        var i = 0
        let end = bytes.count
        while i + 64 <= end {
            let a = load(i), b = load(i + 16), c = load(i + 32), d = load(i + 48)
            let low = words(below(a) | below(b) | below(c) | below(d))
            if low[0] | low[1] != 0 {
                total &+= count(a) &+ count(b) &+ count(c) &+ count(d)
                if total > limit { return total }
            }
            i += 64
        }
        while i + 16 <= end {
            total &+= count(load(i))
            i += 16
        }
        while i < end {
            let byte = bytes[i]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { total &+= 1 }
            i += 1
        }
        return total
    }

    /// A multipart error as the echo words it: what went wrong, and the bytes it was found in.
    private static func sentence(_ error: MultipartParserError) -> String {
        let excerpt = String(decoding: error.value, as: UTF8.self)
        return excerpt.isEmpty ? error.explanation : "\(error.explanation): \(excerpt.debugDescription)"
    }

    /// The high bit of each byte of `word` that is below 0x20 and not tab, LF or CR.
    @inline(__always)
    private static func controlFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = 0x7F &* ones
        let high = 0x80 &* ones
        /// The high bit of each zero byte: seven bits plus 0x7F carry into the high bit unless zero.
        @inline(__always)
        func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & low7) &+ low7) | value) & high }
        // Seven bits plus 0x60 reach the high bit from 0x20 up; a byte's own high bit rules it out.
        let below = ~(((word & low7) &+ 0x60 &* ones) | word) & high
        let allowed = zeroBytes(word ^ (0x09 &* ones)) | zeroBytes(word ^ (0x0A &* ones)) | zeroBytes(word ^ (0x0D &* ones))
        return below & ~allowed
    }

    package static func dataURL(_ bytes: [UInt8], contentType: String) -> StructuredValue {
        .string(Base64.encode(prefix: "data:\(contentType);base64,", bytes))
    }

    package static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist00".utf8)) { return true }
        guard bytes.starts(with: Array("<?xml".utf8)) else { return false }
        let window = bytes.prefix(512)
        return String(decoding: window, as: UTF8.self).contains("<plist")
    }

    package static func diagnostic(_ code: String, _ level: Diagnostic.Level, _ message: String, _ offset: Int?) -> StructuredValue {
        Diagnostic(code, level, message, offset: offset).value
    }

    /// The charset check of a buffered text body.
    private mutating func checkText(_ body: BodyCollector) {
        if let finding = RequestDiagnostics.charset(body.charset, bytes: body.buffer) {
            diagnostics.append(finding.value)
        }
    }

    package static func kindName(_ kind: BodyCollector.Kind) -> String {
        switch kind {
        case .none: "none"
        case .urlencoded: "urlencoded"
        case .json: "json"
        case .propertyList: "propertyList"
        case .xml: "xml"
        case .multipart: "multipart"
        case .other: "other"
        }
    }
}

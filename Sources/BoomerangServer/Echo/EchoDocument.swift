import BoomerangSerialization

/// The echo of one request: httpbin's keys with httpbin's conventions, and Boomerang's lossless
/// extensions beside them, in alphabetical order as httpbin writes them.
///
/// Written once, into any ``StructuredSink``: the JSON answer is streamed into its text without a
/// tree; the other formats, and requests with a body (whose view the history keeps), get the
/// tree.
struct EchoDocument {
    let context: RequestContext
    let route: EchoRoute
    let query: EchoQuery
    let body: BodyCollector
    let bodyHash: String?

    /// The document as a tree.
    var value: StructuredValue {
        var builder = StructuredValueBuilder()
        write(into: &builder)
        return builder.result
    }

    /// The document as text in `format`.
    func render(as format: ResponseFormat) throws(FormatWriterError) -> [UInt8] {
        guard format == .json else { return try format.render(value) }
        var stream = JSONStreamWriter(configuration: .pretty)
        try write(into: &stream)
        return stream.finish()
    }

    func write<Sink: StructuredSink & ~Copyable>(into sink: inout Sink) throws(Sink.Failure) {
        let head = context.head
        sink.beginObject()
        switch route {
        case .headers:
            sink.key("headers")
            Self.writeCanonicalHeaders(head.headers, into: &sink)
        case .ip:
            sink.member("origin", string: Self.origin(context))
        case .userAgent:
            if let agent = head.headers["User-Agent"] {
                sink.member("user-agent", string: agent)
            } else {
                try sink.member("user-agent", .null)
            }
        case .get, .post, .put, .patch, .delete, .anything:
            let full = route != .get || body.size > 0
            let parts = full ? BodyParts(body: body, bodyHash: bodyHash) : BodyParts()
            try sink.member("args", .object(query.args))
            if full {
                try sink.member("body", parts.bodySummary)
                try sink.member("data", parts.data)
            }
            let diagnostics = RequestDiagnostics.headers(head.headers).map(\.value) + parts.diagnostics + query.diagnostics
            if !diagnostics.isEmpty { try sink.member("diagnostics", .array(diagnostics)) }
            if full {
                try sink.member("files", .object(parts.files))
                try sink.member("form", .object(parts.form))
                try sink.member("formParams", parts.formParams)
            }
            sink.key("headers")
            Self.writeCanonicalHeaders(head.headers, into: &sink)
            sink.key("headersRaw")
            sink.beginArray()
            for field in head.headers {
                sink.beginArray()
                sink.string(field.name)
                sink.string(field.value)
                sink.endArray()
            }
            sink.endArray()
            if full { try sink.member("json", parts.json) }
            if route == .anything { sink.member("method", string: head.method.rawValue) }
            if let multipart = parts.multipart { try sink.member("multipart", multipart) }
            sink.member("origin", string: Self.origin(context))
            try sink.member("params", query.params)
            if let plist = parts.plist { try sink.member("plist", plist) }
            sink.key("query")
            sink.beginArray()
            for pair in query.rawPairs {
                sink.beginArray()
                sink.string(pair.name)
                if let value = pair.value { sink.string(value) } else { try sink.value(.null) }
                sink.endArray()
            }
            sink.endArray()
            sink.member("requestId", string: context.echoedRequestID)
            sink.member("url", string: Self.url(head))
            if let xml = parts.xml { try sink.member("xml", xml) }
        }
        sink.endObject()
    }

    /// httpbin's `origin`: the first `X-Forwarded-For` entry when present, else the peer address.
    static func origin(_ context: RequestContext) -> String {
        context.head.headers["X-Forwarded-For"] ?? context.remoteHost
    }

    /// httpbin's `url`: scheme, Host and the target as received.
    static func url(_ head: HTTPRequestHead) -> String {
        "http://" + (head.headers["Host"] ?? "localhost") + head.target
    }

    /// httpbin's `headers`: names as the WSGI layer rewrites them (Python's `str.title()` of the
    /// name), repeated fields joined with a comma.
    static func canonicalHeaders(_ headers: HTTPHeaders) -> StructuredObject {
        var builder = StructuredValueBuilder()
        writeCanonicalHeaders(headers, into: &builder)
        return builder.result.objectValue ?? StructuredObject()
    }

    /// Writes httpbin's `headers` object. Two names that differ only in case have the same title
    /// case, so a field joins the first field whose name matches it case-insensitively.
    static func writeCanonicalHeaders<Sink: StructuredSink & ~Copyable>(_ headers: HTTPHeaders, into sink: inout Sink) {
        let fields = headers.fields
        sink.beginObject()
        for index in fields.indices {
            let name = fields[index].name
            guard !fields[..<index].contains(where: { HTTPHeaders.namesMatch($0.name, name) }) else { continue }
            var value = fields[index].value
            for later in fields[(index + 1)...] where HTTPHeaders.namesMatch(later.name, name) {
                value += "," + later.value
            }
            var utf8 = name
            utf8.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { titled in
                    sink.key(utf8: UnsafeBufferPointer(titleCase(bytes, into: titled)))
                }
            }
            sink.string(value)
        }
        sink.endObject()
    }

    /// Python's `str.title()` on ASCII: a letter after a non-letter is upper case, others lower.
    private static func titleCase(
        _ name: UnsafeBufferPointer<UInt8>, into titled: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeMutableBufferPointer<UInt8> {
        var previousIsLetter = false
        for index in name.indices {
            let byte = name[index]
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            titled[index] = isLetter ? (previousIsLetter ? lower : lower & ~0x20) : byte
            previousIsLetter = isLetter
        }
        return UnsafeMutableBufferPointer(rebasing: titled[..<name.count])
    }
}

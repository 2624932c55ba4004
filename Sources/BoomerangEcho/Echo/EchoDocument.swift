import BoomerangExchange
import BoomerangSerialization

/// The echo of one request: httpbin's keys with httpbin's conventions, and Boomerang's lossless
/// extensions beside them, in alphabetical order as httpbin writes them.
///
/// Written once, into any ``StructuredSink``: the JSON answer is streamed into its text without a
/// tree; the other formats, and requests with a body (whose view the history keeps), get the
/// tree.
package struct EchoDocument {
    package let context: RequestContext
    package let route: EchoRoute
    package let query: EchoQuery
    /// The collected body; nil when the request has none and nothing about it is echoed (a
    /// `GET /get` without a body, `Content-Type` or `Content-Encoding`).
    package let body: BodyCollector?
    package let bodyHash: String?
    /// Whether JSON past ``BodyParts/decodedJSONLimit`` is written into `json` as sent (a JSON
    /// echo written without a tree) instead of decoded.
    package var jsonVerbatim = false
    /// The body's keys, when the caller made them already.
    package var parts: BodyParts?

    /// The document as a tree.
    package var value: StructuredValue {
        var builder = StructuredValueBuilder()
        write(into: &builder)
        return builder.result
    }

    /// The document as text in `format`.
    package func render(as format: ResponseFormat, capacity: Int = 1024) throws(FormatWriterError) -> [UInt8] {
        guard format == .json else { return try format.render(value) }
        var stream = JSONStreamWriter(configuration: .pretty, capacity: capacity)
        try write(into: &stream)
        return stream.finish()
    }

    package func write<Sink: StructuredSink & ~Copyable>(into sink: inout Sink) throws(Sink.Failure) {
        let head = context.head
        sink.beginObject()
        switch route {
        case .headers:
            sink.key(literal: "headers")
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
            // A GET without a body describes none: no parts to build or destroy.
            let full = route != .get || (body?.size ?? 0) > 0
            let parts: BodyParts? = full ? self.parts ?? body.map { BodyParts(body: $0, bodyHash: bodyHash, jsonVerbatim: jsonVerbatim) } ?? BodyParts() : nil
            try sink.member("args", .object(query.args))
            if let parts {
                try sink.member("body", parts.bodySummary)
                if let text = parts.verbatimJSON {
                    sink.key(literal: "data")
                    text.withUnsafeBufferPointer { sink.string(utf8: $0) }
                } else {
                    try sink.member("data", parts.data)
                }
            }
            // Asked once for both the diagnostics and the headers object.
            let repeatsNames = head.headers.hasRepeatedNames
            let diagnostics = diagnostics(parts, repeatsNames: repeatsNames)
            if !diagnostics.isEmpty { try sink.member("diagnostics", .array(diagnostics)) }
            if let parts {
                try sink.member("files", .object(parts.files))
                try sink.member("form", .object(parts.form))
                try sink.member("formParams", parts.formParams)
            }
            sink.key(literal: "headers")
            Self.writeCanonicalHeaders(head.headers, repeatsNames: repeatsNames, into: &sink)
            sink.key(literal: "headersRaw")
            sink.beginArray()
            for field in head.headers {
                sink.stringPair(field.name, field.value)
            }
            sink.endArray()
            if let stream = context.stream { try stream.write(into: &sink) }
            sink.member("httpVersion", string: head.version.label)
            if let text = parts?.verbatimJSON {
                sink.key(literal: "json")
                try text.withUnsafeBufferPointer { (text) throws(Sink.Failure) in
                    try sink.verbatimJSON(text, validatedBy: BodyParts.verbatimJSONParser)
                }
            } else if let parts {
                try sink.member("json", parts.json)
            }
            if route == .anything { sink.member("method", string: head.method.rawValue) }
            if let multipart = parts?.multipart { try sink.member("multipart", multipart) }
            sink.member("origin", string: Self.origin(context))
            try sink.member("params", query.params)
            if let plist = parts?.plist { try sink.member("plist", plist) }
            sink.key(literal: "query")
            sink.beginArray()
            for pair in query.rawPairs {
                sink.beginArray()
                sink.string(pair.name)
                if let value = pair.value { sink.string(value) } else { try sink.value(.null) }
                sink.endArray()
            }
            sink.endArray()
            sink.member("requestId", string: context.requestID)
            if let security = context.security { try security.write(into: &sink) }
            sink.key(literal: "url")
            Self.writeURL(context, into: &sink)
            if let xml = parts?.xml { try sink.member("xml", xml) }
        }
        sink.endObject()
    }

    /// The document's query keys and diagnostics, without the body's values: what the history
    /// keeps of an echo whose body it does not keep decoded.
    package func withoutBodyValues(_ parts: BodyParts) -> StructuredValue {
        var object = StructuredObject(minimumCapacity: 4)
        object.append(.object(query.args), forKey: "args")
        let diagnostics = diagnostics(parts, repeatsNames: context.head.headers.hasRepeatedNames)
        if !diagnostics.isEmpty { object.append(.array(diagnostics), forKey: "diagnostics") }
        object.append(query.params, forKey: "params")
        object.append(.array(query.pairsValue), forKey: "query")
        return .object(object)
    }

    private func diagnostics(_ parts: BodyParts?, repeatsNames: Bool) -> [StructuredValue] {
        let headerDiagnostics = repeatsNames ? RequestDiagnostics.headers(context.head.headers).map(\.value) : []
        return headerDiagnostics + (parts?.diagnostics ?? []) + query.diagnostics
    }

    /// httpbin's `origin`: the `X-Forwarded-For` value as sent (the whole list) when present, else the peer address.
    package static func origin(_ context: RequestContext) -> String {
        header("X-Forwarded-For", in: context.head.headers) ?? context.remoteHost
    }

    /// httpbin's `url`: scheme, host (`Host`, else HTTP/2's `:authority`) and the target as received.
    package static func url(_ head: HTTPRequestHead, secure: Bool, authority: String? = nil) -> String {
        (secure ? "https://" : "http://") + (header("Host", in: head.headers) ?? authority ?? "localhost") + head.target
    }

    /// httpbin's `url` of the request in `context`.
    package static func url(_ context: RequestContext) -> String {
        url(context.head, secure: context.security != nil, authority: context.stream?.authority)
    }

    /// The value of the first field named `name` in any case (`headers[name]`, which passes over
    /// the fields whose name has another length or other first and last letters without a call).
    package static func header(_ name: String, in headers: HTTPHeaders) -> String? {
        headers[name]
    }

    /// Writes ``url(_:)`` as a string value, joined in temporary memory instead of a new string.
    private static func writeURL<Sink: StructuredSink & ~Copyable>(_ context: RequestContext, into sink: inout Sink) {
        let scheme: StaticString = context.security != nil ? "https://" : "http://"
        var host = context.authority ?? "localhost"
        var target = context.head.target
        host.withUTF8 { host in
            target.withUTF8 { target in
                let count = scheme.utf8CodeUnitCount + host.count + target.count
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                    guard let start = buffer.baseAddress else { return }
                    start.initialize(from: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
                    var end = start + scheme.utf8CodeUnitCount
                    if let hostStart = host.baseAddress { end.initialize(from: hostStart, count: host.count) }
                    end += host.count
                    if let targetStart = target.baseAddress { end.initialize(from: targetStart, count: target.count) }
                    sink.string(utf8: UnsafeBufferPointer(start: start, count: count))
                }
            }
        }
    }

    /// httpbin's `headers`: names as the WSGI layer rewrites them (Python's `str.title()` of the
    /// name), repeated fields joined with a comma.
    package static func canonicalHeaders(_ headers: HTTPHeaders) -> StructuredObject {
        var builder = StructuredValueBuilder()
        writeCanonicalHeaders(headers, into: &builder)
        return builder.result.objectValue ?? StructuredObject()
    }

    /// Writes httpbin's `headers` object. Two names that differ only in case have the same title
    /// case, so a field joins the first field whose name matches it case-insensitively.
    package static func writeCanonicalHeaders<Sink: StructuredSink & ~Copyable>(
        _ headers: HTTPHeaders, repeatsNames: Bool? = nil, into sink: inout Sink
    ) {
        let fields = headers.fields
        sink.beginObject()
        guard repeatsNames ?? headers.hasRepeatedNames else {
            for field in fields {
                sink.key(titleCasing: field.name)
                sink.string(field.value)
            }
            sink.endObject()
            return
        }
        for index in fields.indices {
            let name = fields[index].name
            let length = name.utf8.count
            // Names of other lengths never match: compared first, without a call.
            guard !fields[..<index].contains(where: { $0.name.utf8.count == length && HTTPHeaders.namesMatch($0.name, name) })
            else { continue }
            var value = fields[index].value
            for later in fields[(index + 1)...] where later.name.utf8.count == length && HTTPHeaders.namesMatch(later.name, name) {
                value += "," + later.value
            }
            sink.key(titleCasing: name)
            sink.string(value)
        }
        sink.endObject()
    }
}

import BoomerangSerialization

/// The echo of one request as a structured value: httpbin's keys with httpbin's conventions, and
/// Boomerang's lossless extensions beside them. Keys are in alphabetical order, as httpbin writes
/// them.
struct EchoDocument {
    let value: StructuredValue

    init(context: RequestContext, route: EchoRoute, query: EchoQuery, body: BodyCollector, bodyHash: String?) {
        let head = context.head
        let headers = EchoDocument.canonicalHeaders(head.headers)
        var object = StructuredObject(minimumCapacity: 18)
        switch route {
        case .headers:
            object.append(.object(headers), forNewKey: "headers")
        case .ip:
            object.append(.string(EchoDocument.origin(context)), forNewKey: "origin")
        case .userAgent:
            object.append(head.headers["User-Agent"].map(StructuredValue.string) ?? .null, forNewKey: "user-agent")
        case .get, .post, .put, .patch, .delete, .anything:
            let full = route != .get || body.size > 0
            let parts = full ? BodyParts(body: body, bodyHash: bodyHash) : BodyParts()
            object.append(.object(query.args), forNewKey: "args")
            if full { object.append(parts.bodySummary, forNewKey: "body") }
            if full { object.append(parts.data, forNewKey: "data") }
            let diagnostics = RequestDiagnostics.headers(head.headers).map(\.value) + parts.diagnostics + query.diagnostics
            if !diagnostics.isEmpty { object.append(.array(diagnostics), forNewKey: "diagnostics") }
            if full {
                object.append(.object(parts.files), forNewKey: "files")
                object.append(.object(parts.form), forNewKey: "form")
                object.append(parts.formParams, forNewKey: "formParams")
            }
            object.append(.object(headers), forNewKey: "headers")
            object.append(.array(head.headers.fields.map { .array([.string($0.name), .string($0.value)]) }), forNewKey: "headersRaw")
            if full { object.append(parts.json, forNewKey: "json") }
            if route == .anything { object.append(.string(head.method.rawValue), forNewKey: "method") }
            if let multipart = parts.multipart { object.append(multipart, forNewKey: "multipart") }
            object.append(.string(EchoDocument.origin(context)), forNewKey: "origin")
            object.append(query.params, forNewKey: "params")
            if let plist = parts.plist { object.append(plist, forNewKey: "plist") }
            object.append(.array(query.pairsValue), forNewKey: "query")
            object.append(.string(context.echoedRequestID), forNewKey: "requestId")
            object.append(.string(EchoDocument.url(head)), forNewKey: "url")
            if let xml = parts.xml { object.append(xml, forNewKey: "xml") }
        }
        value = .object(object)
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
        var object = StructuredObject(minimumCapacity: headers.count)
        for field in headers {
            let name = titleCased(field.name)
            if case .string(let existing)? = object[name] {
                _ = object.updateValue(.string(existing + "," + field.value), forKey: name)
            } else {
                object.append(.string(field.value), forKey: name)
            }
        }
        return object
    }

    /// Python's `str.title()` on ASCII: a letter after a non-letter is upper case, others lower.
    static func titleCased(_ name: String) -> String {
        var bytes = Array(name.utf8)
        var previousIsLetter = false
        for index in bytes.indices {
            let byte = bytes[index]
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            if isLetter {
                bytes[index] = previousIsLetter ? lower : lower & ~0x20
            }
            previousIsLetter = isLetter
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

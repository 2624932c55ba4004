import BoomerangExchange
import BoomerangSerialization

/// The JSON reply Firewalk (Alamofire's test server) gives on its echo routes, which Alamofire's
/// tests decode into their `TestResponse`: `args` a flat map of strings, `data` the body as text
/// or null when empty, `form` a flat map of strings or null when the body is not a form (or a JSON
/// object of strings, which Vapor's content decoding also accepts), `headers` an array of
/// `{"name", "value"}` objects in the order and case received, `origin`, `url`.
///
/// Where a name repeats in the query or the form, the last value wins.
package struct FirewalkReply {
    package let value: StructuredValue

    /// The reply to a request whose body was collected by `body` (nil: no body was read).
    package init(context: RequestContext, body: BodyCollector?) {
        let head = context.head
        var object = StructuredObject(minimumCapacity: 6)
        object.append(.object(FirewalkReply.flatArgs(head)), forNewKey: "args")
        let bytes = body?.buffer ?? []
        object.append(bytes.isEmpty ? .null : .string(String(decoding: bytes, as: UTF8.self)), forNewKey: "data")
        object.append(body.flatMap(FirewalkReply.form).map(StructuredValue.object) ?? .null, forNewKey: "form")
        object.append(FirewalkReply.headers(head.headers), forNewKey: "headers")
        object.append(.string(context.remoteHost), forNewKey: "origin")
        object.append(.string(EchoDocument.url(context)), forNewKey: "url")
        value = .object(object)
    }

    /// The reply of Firewalk's streamed routes (`/payloads/{n}`), whose requests have no body:
    /// `data` and `form` are left out, as Firewalk's encoder omits them there.
    package init(bodilessContext context: RequestContext) {
        let head = context.head
        var object = StructuredObject(minimumCapacity: 4)
        object.append(.object(FirewalkReply.flatArgs(head)), forNewKey: "args")
        object.append(FirewalkReply.headers(head.headers), forNewKey: "headers")
        object.append(.string(context.remoteHost), forNewKey: "origin")
        object.append(.string(EchoDocument.url(context)), forNewKey: "url")
        value = .object(object)
    }

    /// The reply as compact JSON.
    package var json: [UInt8] {
        (try? JSONWriter().write(value)) ?? Array("{}".utf8)
    }

    /// A 200-style response carrying the reply as Firewalk sends it.
    package func response(status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: json)
    }

    /// Vapor's encoding of its `HTTPHeaders`: one `{"name", "value"}` object per field.
    package static func headers(_ headers: HTTPHeaders) -> StructuredValue {
        .array(headers.fields.map { field in
            var entry = StructuredObject(minimumCapacity: 2)
            entry.append(.string(field.name), forNewKey: "name")
            entry.append(.string(field.value), forNewKey: "value")
            return .object(entry)
        })
    }

    package static func flatArgs(_ head: HTTPRequestHead) -> StructuredObject {
        flat(HttpbinQuery(head).pairs)
    }

    /// The body as a flat map of strings, when it is a form or a JSON object of strings.
    package static func form(_ body: BodyCollector) -> StructuredObject? {
        guard !body.truncated else { return nil }
        switch body.kind {
        case .urlencoded:
            let text = String(decoding: body.buffer, as: UTF8.self)
            return flat(FormDecoding.pairs(text, plusAsSpace: true).pairs.map { ($0.name, $0.value ?? "") })
        case .multipart:
            guard body.multipart != nil else { return nil }
            let parts = BodyParts(body: body, bodyHash: nil)
            var object = StructuredObject()
            for (name, value) in parts.form.map({ ($0.key, $0.value) }) {
                switch value {
                case .string(let text): object.updateValue(.string(text), forKey: name)
                case .array(let values):
                    if case .string(let text)? = values.last { object.updateValue(.string(text), forKey: name) }
                default: break
                }
            }
            return object
        case .json:
            guard case .object(let decoded)? = try? JSONParser().parse(body.buffer) else { return nil }
            var object = StructuredObject()
            for (name, value) in decoded.map({ ($0.key, $0.value) }) {
                guard case .string = value else { return nil }
                object.updateValue(value, forKey: name)
            }
            return object
        case .none, .propertyList, .xml, .other:
            return nil
        }
    }

    private static func flat(_ pairs: [(name: String, value: String)]) -> StructuredObject {
        var object = StructuredObject(minimumCapacity: pairs.count)
        for pair in pairs {
            object.updateValue(.string(pair.value), forKey: pair.name)
        }
        return object
    }
}

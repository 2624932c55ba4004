import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

/// A ``Response``'s header fields as HTTP/2 sends them: the response's own, without the fields
/// that HTTP/2 forbids (RFC 9113 §8.2.2), then what HTTP/1.1's writer adds (`server`, `date`,
/// the security fields, `content-length`). A request id differs on every response, so HPACK
/// never indexes it.
enum HTTP2ResponseHead {
    /// What a field's name means to the head, whatever its case.
    enum NameKind {
        /// A connection-specific field, which makes a conforming client treat the response as
        /// malformed.
        case connectionSpecific
        case contentLength
        case date
        case requestID
        case other
    }

    /// The kind of field `name` names, compared without case and without a lowercased copy.
    static func kind(of name: String) -> NameKind {
        var name = name
        return name.withUTF8 { bytes in
            func equals(_ lowercase: StaticString) -> Bool {
                lowercase.withUTF8Buffer { expected in
                    expected.count == bytes.count && zip(expected, bytes).allSatisfy { $0 == (ASCII.isUppercase($1) ? $1 | 0x20 : $1) }
                }
            }
            switch bytes.count {
            case 4: return equals("date") ? .date : .other
            case 7: return equals("upgrade") ? .connectionSpecific : .other
            case 10: return equals("connection") || equals("keep-alive") ? .connectionSpecific : .other
            case 12: return equals("x-request-id") ? .requestID : .other
            case 14: return equals("content-length") ? .contentLength : .other
            case 16: return equals("proxy-connection") ? .connectionSpecific : .other
            case 17: return equals("transfer-encoding") ? .connectionSpecific : .other
            default: return .other
            }
        }
    }

    /// Whether `name` is a connection-specific field, which HTTP/2 forbids.
    static func isForbidden(_ name: String) -> Bool {
        kind(of: name) == .connectionSpecific
    }

    /// The fields for `response`; `contentLength` is the body's length when it is known. Names
    /// keep the response's case: the session lowercases them as it frames the head.
    static func fields(for response: Response, date: [UInt8], contentLength: Int?) -> [HTTP2Field] {
        var fields: [HTTP2Field] = []
        fields.reserveCapacity(response.headers.count + 6)
        var hasDate = false
        for field in response.headers {
            switch kind(of: field.name) {
            case .connectionSpecific, .contentLength: continue
            case .date: hasDate = true
            case .requestID: fields.append(HTTP2Field(field.name, field.value, neverIndexed: true)); continue
            case .other: break
            }
            fields.append(HTTP2Field(field.name, field.value))
        }
        if response.sendsSecurityHeaders {
            fields.append(HTTP2Field("x-content-type-options", "nosniff"))
            fields.append(HTTP2Field("content-security-policy", "default-src 'none'; frame-ancestors 'none'"))
        }
        fields.append(HTTP2Field("server", "boomerang"))
        if !hasDate { fields.append(HTTP2Field("date", String(decoding: date, as: UTF8.self))) }
        let status = response.status
        if let contentLength, Response.allowsBody(status: status) || status == 304 || status == 205 {
            fields.append(HTTP2Field("content-length", String(status == 205 ? 0 : contentLength)))
        }
        return fields
    }

    /// The head as text in HTTP/1.1's layout (`HTTP/2 200`, then a line per field, then a blank
    /// line), as curl shows it: what the history keeps as the head written.
    static func text(status: Int, fields: [HTTP2Field]) -> [UInt8] {
        var text = Array("HTTP/2 \(status)\r\n".utf8)
        for field in fields {
            text += ASCII.lowercased(field.name).utf8
            text += ": ".utf8
            text += field.value.utf8
            text += "\r\n".utf8
        }
        text += "\r\n".utf8
        return text
    }
}

import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

/// A ``Response``'s header fields as HTTP/2 sends them: the response's own, without the fields
/// that HTTP/2 forbids (RFC 9113 §8.2.2), then what HTTP/1.1's writer adds (`server`, `date`,
/// the security fields, `content-length`).
enum HTTP2ResponseHead {
    /// Whether `name` (in lower case) is a connection-specific field, which makes a conforming
    /// client treat the response as malformed.
    static func isForbidden(_ name: String) -> Bool {
        switch name {
        case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade": true
        default: false
        }
    }

    /// The fields for `response`; `contentLength` is the body's length when it is known.
    static func fields(for response: Response, date: [UInt8], contentLength: Int?) -> [HTTP2Field] {
        var fields: [HTTP2Field] = []
        fields.reserveCapacity(response.headers.count + 6)
        var hasDate = false
        for field in response.headers {
            let name = ASCII.lowercased(field.name)
            if isForbidden(name) || name == "content-length" { continue }
            if name == "date" { hasDate = true }
            fields.append(HTTP2Field(name, field.value))
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
            text += field.name.utf8
            text += ": ".utf8
            text += field.value.utf8
            text += "\r\n".utf8
        }
        text += "\r\n".utf8
        return text
    }
}

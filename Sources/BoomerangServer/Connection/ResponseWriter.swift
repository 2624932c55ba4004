import BoomerangSerialization

/// Renders responses as HTTP/1.1 wire bytes.
enum ResponseWriter {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// How a response body is delimited on the wire (RFC 9112 §6).
    enum Framing: Equatable {
        /// `Content-Length` with this many bytes.
        case contentLength(Int)
        /// `Transfer-Encoding: chunked` (HTTP/1.1 only).
        case chunked
        /// No framing header: the body ends when the connection closes (HTTP/1.0 streams).
        case closeDelimited
    }

    /// Whether a response with `status` may have content (none for 1xx, 204, 205 and 304;
    /// RFC 9110 §15).
    static func allowsBody(status: Int) -> Bool {
        !(100..<200).contains(status) && status != 204 && status != 304 && status != 205
    }

    /// The whole response: status line, the response's headers, then `Server`, `Date`,
    /// `Content-Length` and `Connection` as needed, then the body (none for HEAD, 1xx, 204, 205,
    /// 304; RFC 9110 §15). A 205 says `Content-Length: 0` so keep-alive framing holds.
    static func render(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8]
    ) -> [UInt8] {
        let sendsBody = allowsBody(status: response.status) && method != .head
        var out: [UInt8] = []
        out.reserveCapacity(160 + response.headers.count * 40 + (sendsBody ? response.body.count : 0))
        appendHead(
            response, version: version, keepAlive: keepAlive, date: date, framing: .contentLength(response.body.count),
            to: &out)
        if sendsBody {
            out.append(contentsOf: response.body)
        }
        return out
    }

    /// The whole response as ``render(_:method:version:keepAlive:date:)`` writes it, in one or two
    /// arrays: a body of ``OutputBuffer/segmentBytes`` or more is not copied after the head but
    /// returned as it is, to be queued after it (`body` is empty otherwise).
    static func renderPieces(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8]
    ) -> (head: [UInt8], body: [UInt8]) {
        let sendsBody = allowsBody(status: response.status) && method != .head
        guard sendsBody && response.body.count >= OutputBuffer.segmentBytes else {
            return (render(response, method: method, version: version, keepAlive: keepAlive, date: date), [])
        }
        var head: [UInt8] = []
        head.reserveCapacity(160 + response.headers.count * 40)
        appendHead(
            response, version: version, keepAlive: keepAlive, date: date, framing: .contentLength(response.body.count),
            to: &head)
        return (head, response.body)
    }

    /// The status line and headers alone, for a body that follows in pieces (a stream) or not at
    /// all (a fault); the framing header says how the body will be delimited.
    static func renderHead(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8],
        framing: Framing
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + response.headers.count * 40)
        appendHead(response, version: version, keepAlive: keepAlive, date: date, framing: framing, to: &out)
        return out
    }

    private static func appendHead(
        _ response: Response, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8], framing: Framing,
        to out: inout [UInt8]
    ) {
        let status = response.status
        out.append(contentsOf: version.minor == 0 ? http10 : http11)
        appendDecimal(status, to: &out)
        out.append(0x20)
        out.appendUTF8(HTTPStatus.reasonPhrase(for: status))
        out.append(contentsOf: crlf)
        for field in response.headers {
            out.appendUTF8(field.name)
            out.append(contentsOf: colonSpace)
            out.appendUTF8(field.value)
            out.append(contentsOf: crlf)
        }
        if response.sendsSecurityHeaders {
            out.append(contentsOf: securityHeaders)
        }
        if response.headers.contains("Date") {
            // A route that dates its answer itself (Firewalk's `/cache`) keeps its own.
            out.append(contentsOf: serverOnly)
        } else {
            out.append(contentsOf: serverAndDate)
            out.append(contentsOf: date)
            out.append(contentsOf: crlf)
        }
        if allowsBody(status: status) || status == 304 || status == 205 {
            switch framing {
            case .contentLength(let length):
                out.append(contentsOf: contentLength)
                appendDecimal(status == 205 ? 0 : length, to: &out)
                out.append(contentsOf: crlf)
            case .chunked where allowsBody(status: status):
                out.append(contentsOf: transferEncodingChunked)
            case .chunked, .closeDelimited:
                break
            }
        }
        if !keepAlive {
            out.append(contentsOf: connectionClose)
        } else if version.minor == 0 {
            out.append(contentsOf: connectionKeepAlive)
        }
        out.append(contentsOf: crlf)
    }

    /// Appends one chunk of a chunked body: the size in hexadecimal, CRLF, the bytes, CRLF.
    static func appendChunk(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 20)
        out.append(contentsOf: String(bytes.count, radix: 16).utf8)
        out.append(contentsOf: crlf)
        out.append(contentsOf: bytes)
        out.append(contentsOf: crlf)
    }

    /// Appends the last chunk and the trailer section that ends a chunked body.
    static func appendLastChunk(trailers: HTTPHeaders, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "0"))
        out.append(contentsOf: crlf)
        for field in trailers {
            out.appendUTF8(field.name)
            out.append(contentsOf: colonSpace)
            out.appendUTF8(field.value)
            out.append(contentsOf: crlf)
        }
        out.append(contentsOf: crlf)
    }

    /// The answer to a request the connection itself refuses; it always closes the connection.
    static func errorResponse(status: Int, code: String, message: String, offset: Int? = nil) -> Response {
        ServerError(.init(code, status: status, closesConnection: true), message, offset: offset).response(for: nil)
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(-value, to: &out)
            return
        }
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
                count += 1
            }
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private static let http11 = Array("HTTP/1.1 ".utf8)
    private static let http10 = Array("HTTP/1.0 ".utf8)
    private static let crlf: [UInt8] = [13, 10]
    private static let colonSpace: [UInt8] = [0x3A, 0x20]
    private static let serverAndDate = Array("Server: boomerang\r\nDate: ".utf8)
    private static let serverOnly = Array("Server: boomerang\r\n".utf8)
    private static let securityHeaders = Array(
        "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n".utf8)
    private static let contentLength = Array("Content-Length: ".utf8)
    private static let transferEncodingChunked = Array("Transfer-Encoding: chunked\r\n".utf8)
    private static let connectionClose = Array("Connection: close\r\n".utf8)
    private static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
}

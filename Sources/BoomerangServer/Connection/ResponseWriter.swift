import BoomerangSerialization

/// Renders responses as HTTP/1.1 wire bytes.
enum ResponseWriter {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The whole response: status line, the response's headers, then `Server`, `Date`,
    /// `Content-Length` and `Connection` as needed, then the body (none for HEAD, 1xx, 204, 205,
    /// 304; RFC 9110 §15). A 205 says `Content-Length: 0` so keep-alive framing holds.
    static func render(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8]
    ) -> [UInt8] {
        let status = response.status
        let bodyAllowed = !(100..<200).contains(status) && status != 204 && status != 304 && status != 205
        let sendsBody = bodyAllowed && method != .head
        var out: [UInt8] = []
        out.reserveCapacity(160 + response.headers.count * 40 + (sendsBody ? response.body.count : 0))
        out.append(contentsOf: version.minor == 0 ? http10 : http11)
        appendDecimal(status, to: &out)
        out.append(0x20)
        out.append(contentsOf: HTTPStatus.reasonPhrase(for: status).utf8)
        out.append(contentsOf: crlf)
        for field in response.headers {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: colonSpace)
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: crlf)
        }
        if response.sendsSecurityHeaders {
            out.append(contentsOf: securityHeaders)
        }
        out.append(contentsOf: serverAndDate)
        out.append(contentsOf: date)
        out.append(contentsOf: crlf)
        if bodyAllowed || status == 304 || status == 205 {
            out.append(contentsOf: contentLength)
            appendDecimal(status == 205 ? 0 : response.body.count, to: &out)
            out.append(contentsOf: crlf)
        }
        if !keepAlive {
            out.append(contentsOf: connectionClose)
        } else if version.minor == 0 {
            out.append(contentsOf: connectionKeepAlive)
        }
        out.append(contentsOf: crlf)
        if sendsBody {
            out.append(contentsOf: response.body)
        }
        return out
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
    private static let securityHeaders = Array(
        "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n".utf8)
    private static let contentLength = Array("Content-Length: ".utf8)
    private static let connectionClose = Array("Connection: close\r\n".utf8)
    private static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
}

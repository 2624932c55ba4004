import BoomerangExchange
import BoomerangSerialization

/// Renders responses as HTTP/1.1 wire bytes. The status line says `HTTP/1.1` to an HTTP/1.0
/// client too, the server's own version (RFC 9112 §2.3, as nginx does); the request's `version`
/// decides only what HTTP/1.0 needs: `Connection: keep-alive` when the connection stays open, and
/// no chunked framing (the caller picks ``Framing/closeDelimited``).
public enum ResponseWriter {
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

    /// The whole response: status line, the response's headers, then `Server`, `Date`,
    /// `Content-Length` and `Connection` as needed, then the body (none for HEAD, 1xx, 204, 205,
    /// 304; RFC 9110 §15). A 205 says `Content-Length: 0` so keep-alive framing holds.
    public static func render(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8]
    ) -> [UInt8] {
        let sendsBody = Response.allowsBody(status: response.status) && method != .head
        return head(
            response, version: version, keepAlive: keepAlive, date: date, framing: .contentLength(response.body.count),
            body: sendsBody ? response.body : nil)
    }

    /// The whole response as ``render(_:method:version:keepAlive:date:)`` writes it, in one or two
    /// arrays: a body of ``OutputBuffer/segmentBytes`` or more is not copied after the head but
    /// returned as it is, to be queued after it (`body` is empty otherwise).
    static func renderPieces(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8]
    ) -> (head: [UInt8], body: [UInt8]) {
        let sendsBody = Response.allowsBody(status: response.status) && method != .head
        guard sendsBody && response.body.count >= OutputBuffer.segmentBytes else {
            return (render(response, method: method, version: version, keepAlive: keepAlive, date: date), [])
        }
        let head = head(
            response, version: version, keepAlive: keepAlive, date: date, framing: .contentLength(response.body.count), body: nil)
        return (head, response.body)
    }

    /// The status line and headers alone, for a body that follows in pieces (a stream) or not at
    /// all (a fault); the framing header says how the body will be delimited.
    static func renderHead(
        _ response: Response, method: HTTPMethod, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8],
        framing: Framing
    ) -> [UInt8] {
        head(response, version: version, keepAlive: keepAlive, date: date, framing: framing, body: nil)
    }

    /// The status line and headers, then `body` when given, in one array of exactly their size:
    /// the lengths are added up first, then every piece is copied once.
    private static func head(
        _ response: Response, version: (major: Int, minor: Int), keepAlive: Bool, date: [UInt8], framing: Framing,
        body: [UInt8]?
    ) -> [UInt8] {
        let status = response.status
        let statusLine: StaticString? = status == 200 ? "HTTP/1.1 200 OK\r\n" : nil
        let reason = statusLine == nil ? HTTPStatus.reasonPhrase(for: status) : ""
        let ownDate = response.headers.contains("Date")
        var length = statusLine?.utf8CodeUnitCount ?? (http11.utf8CodeUnitCount + DecimalText.count(of: status) + 1 + reason.utf8.count + 2)
        response.headers.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                length += fields[index].name.utf8.count + fields[index].value.utf8.count + 4
            }
        }
        if response.sendsSecurityHeaders { length += securityHeaders.utf8CodeUnitCount }
        length += ownDate ? serverOnly.utf8CodeUnitCount : serverAndDate.utf8CodeUnitCount + date.count + 2
        var contentLengthValue: Int?
        var chunked = false
        if Response.allowsBody(status: status) || status == 304 || status == 205 {
            switch framing {
            case .contentLength(let count):
                let value = status == 205 ? 0 : count
                contentLengthValue = value
                length += contentLength.utf8CodeUnitCount + DecimalText.count(of: value) + 2
            case .chunked where Response.allowsBody(status: status):
                chunked = true
                length += transferEncodingChunked.utf8CodeUnitCount
            case .chunked, .closeDelimited:
                break
            }
        }
        let connection: StaticString? = !keepAlive ? connectionClose : version.minor == 0 ? connectionKeepAlive : nil
        length += (connection?.utf8CodeUnitCount ?? 0) + 2
        // The head is written in temporary memory, then copied with the body into an array
        // reserved at its final size: an array made uninitialised costs a generic metadata look-up.
        var out: [UInt8] = []
        out.reserveCapacity(length + (body?.count ?? 0))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            var cursor = ByteCursor(buffer.baseAddress!)
            if let statusLine {
                cursor.write(statusLine)
            } else {
                cursor.write(http11)
                cursor.writeDecimal(status)
                cursor.write(UInt8(ascii: " "))
                cursor.write(reason)
                cursor.write(crlf)
            }
            response.headers.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    cursor.write(fields[index].name)
                    cursor.write(colonSpace)
                    cursor.write(fields[index].value)
                    cursor.write(crlf)
                }
            }
            if response.sendsSecurityHeaders { cursor.write(securityHeaders) }
            if ownDate {
                // A route that dates its answer itself (Firewalk's `/cache`) keeps its own.
                cursor.write(serverOnly)
            } else {
                cursor.write(serverAndDate)
                date.withUnsafeBytes { cursor.write($0) }
                cursor.write(crlf)
            }
            if let contentLengthValue {
                cursor.write(contentLength)
                cursor.writeDecimal(contentLengthValue)
                cursor.write(crlf)
            } else if chunked {
                cursor.write(transferEncodingChunked)
            }
            if let connection { cursor.write(connection) }
            cursor.write(crlf)
            precondition(cursor.pointer - buffer.baseAddress! == length, "the response head's length was miscounted")
            out.append(contentsOf: UnsafeBufferPointer(buffer))
        }
        if let body { out.append(contentsOf: body) }
        return out
    }

    /// Writes into memory whose size was counted beforehand.
    private struct ByteCursor {
        var pointer: UnsafeMutablePointer<UInt8>

        init(_ pointer: UnsafeMutablePointer<UInt8>) {
            self.pointer = pointer
        }

        @inline(__always)
        mutating func write(_ byte: UInt8) {
            pointer.initialize(to: byte)
            pointer += 1
        }

        @inline(__always)
        mutating func write(_ text: StaticString) {
            pointer.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
            pointer += text.utf8CodeUnitCount
        }

        @inline(__always)
        mutating func write(_ bytes: UnsafeRawBufferPointer) {
            guard let start = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(pointer).copyMemory(from: start, byteCount: bytes.count)
            pointer += bytes.count
        }

        @inline(__always)
        mutating func write(_ text: String) {
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
            if done == nil {
                for byte in text.utf8 { write(byte) }
            }
        }

        @inline(__always)
        mutating func writeDecimal(_ value: Int) {
            pointer += DecimalText.write(value, to: pointer)
        }
    }

    /// Appends one chunk of a chunked body: the size in hexadecimal, CRLF, the bytes, CRLF.
    static func appendChunk(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 20)
        out.append(contentsOf: String(bytes.count, radix: 16).utf8)
        out.append(staticText: crlf)
        out.append(contentsOf: bytes)
        out.append(staticText: crlf)
    }

    /// Appends the last chunk and the trailer section that ends a chunked body.
    static func appendLastChunk(trailers: HTTPHeaders, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "0"))
        out.append(staticText: crlf)
        for field in trailers {
            out.appendUTF8(field.name)
            out.append(staticText: colonSpace)
            out.appendUTF8(field.value)
            out.append(staticText: crlf)
        }
        out.append(staticText: crlf)
    }

    private static let http11: StaticString = "HTTP/1.1 "
    private static let crlf: StaticString = "\r\n"
    private static let colonSpace: StaticString = ": "
    private static let serverAndDate: StaticString = "Server: boomerang\r\nDate: "
    private static let serverOnly: StaticString = "Server: boomerang\r\n"
    private static let securityHeaders: StaticString =
        "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"
    private static let contentLength: StaticString = "Content-Length: "
    private static let transferEncodingChunked: StaticString = "Transfer-Encoding: chunked\r\n"
    private static let connectionClose: StaticString = "Connection: close\r\n"
    private static let connectionKeepAlive: StaticString = "Connection: keep-alive\r\n"
}

extension [UInt8] {
    fileprivate mutating func append(staticText text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

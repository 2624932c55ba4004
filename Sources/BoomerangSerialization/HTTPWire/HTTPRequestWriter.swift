/// Turns an ``HTTPRequest`` into the exact HTTP/1.1 bytes a client sends: the reverse of
/// the HTTP/1.1 request parser (BoomerangWire).
///
/// - The request line is in origin-form: the URL's path and query (`/` when the path is empty);
///   the fragment and any user info are dropped.
/// - `Host` comes first, derived from the URL (with the port when it is not the scheme's
///   default), unless the request already has one.
/// - The request's headers follow in order, as given. Values are written as UTF-8.
/// - Then, unless the request already has `Content-Length` or `Transfer-Encoding`:
///   `Content-Length` for a body of known length (`Content-Length: 0` for `.none` on POST, PUT
///   and PATCH, nothing for `.none` on other methods), or `Transfer-Encoding: chunked` for a
///   stream of unknown length.
/// - The body is chunked whenever the headers say `Transfer-Encoding` (each read of the body
///   becomes one chunk), and sent as is otherwise.
///
/// ```swift
/// let writer = HTTPRequestWriter()
/// try writer.write(request) { bytes in try socket.send(bytes) }   // bounded memory
/// let small = try writer.message(for: request)                     // everything in one array
/// ```
public struct HTTPRequestWriter: Sendable {
    /// The most body bytes pulled from a reader at once, and so the largest chunk. Default 64 KiB.
    public let bodyChunkSize: Int

    /// Creates a writer.
    public init(bodyChunkSize: Int = 64 * 1024) {
        precondition(bodyChunkSize > 0, "bodyChunkSize must be positive")
        self.bodyChunkSize = bodyChunkSize
    }

    /// The request line and header fields, through the empty line that ends the head.
    ///
    /// - Throws: ``HTTPWriteError`` when the URL, method or a header cannot be written.
    public func head(for request: HTTPRequest) throws(HTTPWriteError) -> [UInt8] {
        let target = try RequestTarget(url: request.url)
        let method = request.method.rawValue.utf8
        guard !method.isEmpty, method.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw HTTPWriteError(code: .invalidMethod, value: ByteExcerpt.escaped(method))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: method)
        bytes.append(HTTPSyntax.space)
        bytes.append(contentsOf: target.originForm.utf8)
        bytes.append(contentsOf: " HTTP/1.1\r\n".utf8)
        if !request.headers.contains("Host") {
            Self.appendField("Host", target.host, to: &bytes)
        }
        for field in request.headers {
            try Self.checkField(field)
            Self.appendField(field.name, field.value, to: &bytes)
        }
        switch Self.addedFraming(for: request) {
        case .contentLength(let length):
            Self.appendField("Content-Length", String(length), to: &bytes)
        case .chunked:
            Self.appendField("Transfer-Encoding", "chunked", to: &bytes)
        case nil:
            break
        }
        bytes.append(contentsOf: "\r\n".utf8)
        return bytes
    }

    /// Writes the whole message, head then body, pulling the body through its ``BodyReader`` in
    /// pieces of at most ``bodyChunkSize`` bytes, so memory stays bounded for any body size.
    ///
    /// - Parameters:
    ///   - request: the request to write.
    ///   - write: receives the bytes in order; each buffer is valid only during the call.
    /// - Throws: ``HTTPWriteError``, or whatever the body's reader or `write` throws.
    public func write(_ request: HTTPRequest, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try head(for: request).withUnsafeBytes { try write($0) }
        let chunked = request.headers.contains("Transfer-Encoding") || Self.addedFraming(for: request) == .chunked
        switch request.body {
        case .none:
            if chunked { try Self.writeLastChunk(to: write) }
        case .bytes(let body):
            if chunked {
                var start = 0
                while start < body.count {
                    let end = min(start + bodyChunkSize, body.count)
                    try body[start..<end].withUnsafeBytes { try Self.writeChunk($0, to: write) }
                    start = end
                }
                try Self.writeLastChunk(to: write)
            } else if !body.isEmpty {
                try body.withUnsafeBytes { try write($0) }
            }
        case .stream(let stream):
            var reader = try stream.makeReader()
            var buffer = [UInt8](repeating: 0, count: bodyChunkSize)
            var total: Int64 = 0
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                total += Int64(count)
                try buffer.withUnsafeBytes { all in
                    let piece = UnsafeRawBufferPointer(rebasing: all[0..<count])
                    if chunked {
                        try Self.writeChunk(piece, to: write)
                    } else {
                        try write(piece)
                    }
                }
            }
            if let length = stream.length, length != total {
                throw HTTPWriteError(code: .bodyLengthMismatch, value: "declared \(length), read \(total)")
            }
            if chunked { try Self.writeLastChunk(to: write) }
        }
    }

    /// The whole message in one array: for small bodies, tests and `--dry-run` output.
    ///
    /// - Throws: as ``write(_:to:)``.
    public func message(for request: HTTPRequest) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write(request) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A framing field the writer adds.
    enum AddedFraming: Equatable {
        case contentLength(Int64)
        case chunked
    }

    /// The framing field the writer adds, if any.
    static func addedFraming(for request: HTTPRequest) -> AddedFraming? {
        if request.headers.contains("Content-Length") || request.headers.contains("Transfer-Encoding") {
            return nil
        }
        switch request.body {
        case .none:
            return [HTTPMethod.post, .put, .patch].contains(request.method) ? .contentLength(0) : nil
        case .bytes(let bytes):
            return .contentLength(Int64(bytes.count))
        case .stream(let stream):
            return stream.length.map { .contentLength($0) } ?? .chunked
        }
    }

    private static func checkField(_ field: HTTPHeaders.Field) throws(HTTPWriteError) {
        let name = field.name.utf8
        guard !name.isEmpty, name.allSatisfy(HTTPSyntax.isTokenByte) else {
            throw HTTPWriteError(code: .invalidHeaderName, value: ByteExcerpt.escaped(name))
        }
        guard field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte) else {
            throw HTTPWriteError(code: .invalidHeaderValue, value: ByteExcerpt.escaped(field.value.utf8))
        }
    }

    private static func appendField(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: "\r\n".utf8)
    }

    private static func writeChunk(_ data: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !data.isEmpty else { return }
        let size = Array((String(data.count, radix: 16, uppercase: true) + "\r\n").utf8)
        try size.withUnsafeBytes { try write($0) }
        try write(data)
        try crlf.withUnsafeBytes { try write($0) }
    }

    private static func writeLastChunk(to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try lastChunk.withUnsafeBytes { try write($0) }
    }

    private static let crlf: [UInt8] = Array("\r\n".utf8)
    private static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
}

/// The parts of an absolute URL that a request line and Host field need.
struct RequestTarget {
    /// Path and query, `/` when the path is empty.
    var originForm: String
    /// `host[:port]`, without the port when it is the scheme's default.
    var host: String

    /// Splits `scheme://[userinfo@]host[:port][/path][?query][#fragment]`.
    init(url: String) throws(HTTPWriteError) {
        let bytes = Array(url.utf8)
        let invalid = HTTPWriteError(code: .invalidURL, value: ByteExcerpt.escaped(bytes))
        guard let colon = bytes.firstIndex(of: HTTPSyntax.colon), colon > 0,
            bytes[0] &- UInt8(ascii: "A") < 26 || bytes[0] &- UInt8(ascii: "a") < 26,
            bytes[..<colon].allSatisfy({ $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                || $0 &- UInt8(ascii: "0") < 10 || ($0 | 0x20) &- UInt8(ascii: "a") < 26 }),
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { throw invalid }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let authorityStart = colon + 3
        let authorityEnd = bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var hostStart = authorityStart
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            hostStart = at + 1
        }
        var hostPart = bytes[hostStart..<authorityEnd]
        guard !hostPart.isEmpty, hostPart.allSatisfy(HTTPSyntax.isHostByte) else { throw invalid }
        // The port is after the last colon that is not inside an IP literal.
        if let portColon = hostPart.lastIndex(of: HTTPSyntax.colon), !hostPart[portColon...].contains(UInt8(ascii: "]")) {
            let port = hostPart[(portColon + 1)...]
            guard port.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { throw invalid }
            let defaultPort = ["http": "80", "ws": "80", "https": "443", "wss": "443"][scheme]
            if port.isEmpty || String(decoding: port, as: UTF8.self) == defaultPort {
                hostPart = hostPart[..<portColon]
            }
        }
        let fragment = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let pathAndQuery = bytes[authorityEnd..<fragment]
        guard pathAndQuery.allSatisfy(HTTPSyntax.isTargetByte) else { throw invalid }
        var origin = String(decoding: pathAndQuery, as: UTF8.self)
        if pathAndQuery.first != UInt8(ascii: "/") {
            origin = "/" + origin
        }
        self.originForm = origin
        self.host = String(decoding: hostPart, as: UTF8.self)
    }
}

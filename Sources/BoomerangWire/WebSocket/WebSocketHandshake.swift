import BoomerangSerialization

/// A client's opening handshake, checked strictly
/// ([RFC 6455 §4.2.1](https://www.rfc-editor.org/rfc/rfc6455#section-4.2.1)), and the 101
/// response's fields.
///
/// ```swift
/// let handshake = try WebSocketHandshake(validating: head)    // or answer error.status
/// let accept = handshake.acceptValue(sha1: { Array(Insecure.SHA1.hash(data: $0)) })
/// let headers = handshake.responseHeaders(acceptValue: accept, protocol: handshake.offeredProtocols.first)
/// // 101 Switching Protocols with `headers`; then frames.
/// ```
///
/// The checks, in order: GET; HTTP/1.1 or later; Host; no body; an Upgrade field listing the
/// token `websocket` (any case); a Connection field listing `upgrade` (any case);
/// Sec-WebSocket-Version exactly `13`, once; Sec-WebSocket-Key, once, the padded base64 of
/// exactly 16 bytes with zero padding bits (as every encoder writes it);
/// Sec-WebSocket-Protocol, if present, a list of tokens. Lists may span several fields and
/// ignore empty elements (RFC 9110 §5.6.1). Sec-WebSocket-Extensions is ignored: no extension is
/// negotiated, so RSV bits stay forbidden.
public struct WebSocketHandshake: Sendable, Hashable {
    /// The GUID appended to the key before hashing (RFC 6455 §1.3).
    public static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The client's Sec-WebSocket-Key, as sent.
    public let key: String
    /// The subprotocols the client offered in Sec-WebSocket-Protocol, in order.
    public let offeredProtocols: [String]

    /// Checks a request head.
    ///
    /// - Throws: ``WebSocketHandshakeError`` for the first check that fails.
    public init(validating head: HTTPRequestHead) throws(WebSocketHandshakeError) {
        let headers = head.headers
        guard head.method == .get else {
            throw WebSocketHandshakeError(code: .invalidMethod, value: head.method.rawValue, headers: ["Allow": "GET"])
        }
        guard head.version.major > 1 || (head.version.major == 1 && head.version.minor >= 1) else {
            throw WebSocketHandshakeError(code: .unsupportedHTTPVersion, value: head.version.description)
        }
        guard headers.contains("Host") else {
            throw WebSocketHandshakeError(code: .missingHost, value: "")
        }
        switch head.framing {
        case .none, .contentLength(0): break
        case .contentLength(let length):
            throw WebSocketHandshakeError(code: .bodyNotAllowed, value: "Content-Length: \(length)")
        case .chunked:
            throw WebSocketHandshakeError(code: .bodyNotAllowed, value: "Transfer-Encoding: chunked")
        }
        let upgrade = Self.listElements(headers.values(for: "Upgrade"))
        guard upgrade.contains(where: { Self.equalsIgnoringCase($0, "websocket") }) else {
            throw WebSocketHandshakeError(
                code: .missingUpgrade,
                value: Self.field("Upgrade", headers),
                headers: ["Upgrade": "websocket", "Connection": "Upgrade"]
            )
        }
        let connection = Self.listElements(headers.values(for: "Connection"))
        guard connection.contains(where: { Self.equalsIgnoringCase($0, "upgrade") }) else {
            throw WebSocketHandshakeError(code: .missingConnectionUpgrade, value: Self.field("Connection", headers))
        }
        let versions = headers.values(for: "Sec-WebSocket-Version")
        guard versions.count <= 1 else {
            throw WebSocketHandshakeError(code: .duplicateField, value: Self.field("Sec-WebSocket-Version", headers))
        }
        guard versions.first == "13" else {
            throw WebSocketHandshakeError(
                code: .unsupportedVersion,
                value: Self.field("Sec-WebSocket-Version", headers),
                headers: ["Sec-WebSocket-Version": "13"]
            )
        }
        let keys = headers.values(for: "Sec-WebSocket-Key")
        guard keys.count <= 1 else {
            throw WebSocketHandshakeError(code: .duplicateField, value: Self.field("Sec-WebSocket-Key", headers))
        }
        guard let key = keys.first else {
            throw WebSocketHandshakeError(code: .missingKey, value: "")
        }
        guard Self.isValidKey(key) else {
            throw WebSocketHandshakeError(code: .invalidKey, value: Self.field("Sec-WebSocket-Key", headers))
        }
        let protocols = Self.listElements(headers.values(for: "Sec-WebSocket-Protocol"))
        if let bad = protocols.first(where: { !$0.utf8.allSatisfy(HTTPSyntax.isTokenByte) }) {
            throw WebSocketHandshakeError(code: .invalidProtocol, value: "Sec-WebSocket-Protocol: " + HTTPParseError.excerpt(bad.utf8))
        }
        self.key = key
        offeredProtocols = protocols
    }

    /// Checks the head of an HTTP/2 extended CONNECT (RFC 8441 §4–5), whose `:protocol` is
    /// `connectProtocol` (nil when the request had none): `:protocol` exactly `websocket`,
    /// Sec-WebSocket-Version `13` once, Sec-WebSocket-Protocol a list of tokens. HTTP/2 has no
    /// Upgrade, Connection or Sec-WebSocket-Key: the stream is the connection, and ``key`` is
    /// empty. The answer is a 200 without Sec-WebSocket-Accept.
    ///
    /// - Throws: ``WebSocketHandshakeError`` for the first check that fails (a request without
    ///   `:protocol websocket` gets ``WebSocketHandshakeError/Code/missingConnectProtocol``).
    public init(validatingExtendedConnect head: HTTPRequestHead, connectProtocol: String?) throws(WebSocketHandshakeError) {
        guard connectProtocol == "websocket" else {
            throw WebSocketHandshakeError(code: .missingConnectProtocol, value: connectProtocol.map { ":protocol: " + HTTPParseError.excerpt($0.utf8) } ?? ":protocol absent")
        }
        let headers = head.headers
        let versions = headers.values(for: "Sec-WebSocket-Version")
        guard versions.count <= 1 else {
            throw WebSocketHandshakeError(code: .duplicateField, value: Self.field("Sec-WebSocket-Version", headers))
        }
        guard versions.first == "13" else {
            throw WebSocketHandshakeError(
                code: .unsupportedVersion, value: Self.field("Sec-WebSocket-Version", headers), headers: ["Sec-WebSocket-Version": "13"])
        }
        let protocols = Self.listElements(headers.values(for: "Sec-WebSocket-Protocol"))
        if let bad = protocols.first(where: { !$0.utf8.allSatisfy(HTTPSyntax.isTokenByte) }) {
            throw WebSocketHandshakeError(code: .invalidProtocol, value: "Sec-WebSocket-Protocol: " + HTTPParseError.excerpt(bad.utf8))
        }
        key = ""
        offeredProtocols = protocols
    }

    /// The Sec-WebSocket-Accept value for this key: base64 of the SHA-1 of the key and
    /// ``acceptGUID``. The core has no SHA-1: pass one (the server uses swift-crypto's).
    public func acceptValue(sha1: ([UInt8]) -> [UInt8]) -> String {
        Self.acceptValue(forKey: key, sha1: sha1)
    }

    /// The Sec-WebSocket-Accept value for `key`, hashed with `sha1`.
    public static func acceptValue(forKey key: String, sha1: ([UInt8]) -> [UInt8]) -> String {
        Base64.encode(sha1(Array((key + acceptGUID).utf8)))
    }

    /// The fields of the 101 response: `Upgrade: websocket`, `Connection: Upgrade`,
    /// `Sec-WebSocket-Accept`, and `Sec-WebSocket-Protocol` when a subprotocol is chosen (it must
    /// be one of ``offeredProtocols``).
    public func responseHeaders(acceptValue: String, protocol chosen: String? = nil) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": acceptValue]
        if let chosen {
            precondition(offeredProtocols.contains(chosen), "a subprotocol the client did not offer")
            headers.add(name: "Sec-WebSocket-Protocol", value: chosen)
        }
        return headers
    }

    /// The elements of a comma-separated list spread over `values`, without whitespace and empty
    /// elements.
    static func listElements(_ values: [String]) -> [String] {
        values.flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: true).compactMap { element in
                let trimmed = element.utf8.drop { HTTPSyntax.isWhitespace($0) }.reversed().drop { HTTPSyntax.isWhitespace($0) }
                return trimmed.isEmpty ? nil : String(decoding: trimmed.reversed(), as: UTF8.self)
            }
        }
    }

    static func equalsIgnoringCase(_ text: String, _ lowercase: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            HTTPSyntax.equalsIgnoringCase(UnsafeRawBufferPointer(bytes), 0..<bytes.count, lowercase)
        }
    }

    private static func field(_ name: String, _ headers: HTTPHeaders) -> String {
        "\(name): " + HTTPParseError.excerpt(headers.values(for: name).joined(separator: ", ").utf8)
    }

    /// Whether `key` is 22 base64 characters and `==`, the last character carrying no bits past
    /// the 16th byte (RFC 4648 §3.5).
    static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        for index in 0..<22 {
            guard let value = base64Value(bytes[index]) else { return false }
            if index == 21, value & 0x0F != 0 { return false }
        }
        return true
    }

    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}

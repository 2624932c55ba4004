import BoomerangSerialization
import BoomerangWire
import Testing

/// The opening handshake of RFC 6455 §4.2.1, checked strictly: each refusal and its status.
@Suite struct WebSocketHandshakeTests {
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="

    static func head(
        method: HTTPMethod = .get,
        version: HTTPVersion = .http1_1,
        framing: HTTPRequestHead.Framing = .none,
        replacing replaced: [String: String?] = [:],
        adding added: [(String, String)] = []
    ) -> HTTPRequestHead {
        var headers: HTTPHeaders = [
            "Host": "server.example.com",
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": sampleKey,
            "Origin": "http://example.com",
            "Sec-WebSocket-Protocol": "chat, superchat",
            "Sec-WebSocket-Version": "13",
        ]
        for (name, value) in replaced { headers.set(name: name, value: value) }
        for (name, value) in added { headers.add(name: name, value: value) }
        return HTTPRequestHead(method: method, target: "/chat", version: version, headers: headers, framing: framing)
    }

    @Test func theRFCsSampleIsAccepted() throws {
        let handshake = try WebSocketHandshake(validating: Self.head())
        #expect(handshake.key == Self.sampleKey)
        #expect(handshake.offeredProtocols == ["chat", "superchat"])
    }

    /// SHA-1("dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11"), from RFC 6455 §1.3.
    static let sampleDigest: [UInt8] = [
        0xB3, 0x7A, 0x4F, 0x2C, 0xC0, 0x62, 0x4F, 0x16, 0x90, 0xF6, 0x46, 0x06, 0xCF, 0x38, 0x59, 0x45, 0xB2, 0xBE, 0xC4, 0xEA,
    ]

    @Test func acceptValueHashesTheKeyAndTheGUID() throws {
        let handshake = try WebSocketHandshake(validating: Self.head())
        var hashed: [UInt8] = []
        let accept = handshake.acceptValue { input in
            hashed = input
            return Self.sampleDigest
        }
        #expect(String(decoding: hashed, as: UTF8.self) == "dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11")
        #expect(accept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let headers = handshake.responseHeaders(acceptValue: accept, protocol: "chat")
        #expect(headers == [
            "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
            "Sec-WebSocket-Protocol": "chat",
        ])
        #expect(handshake.responseHeaders(acceptValue: accept).contains("Sec-WebSocket-Protocol") == false)
    }

    @Test(arguments: [
        ("Upgrade", "WebSocket"), ("Upgrade", "h2c, websocket"), ("Connection", "keep-alive, Upgrade"),
        ("Connection", "UPGRADE"), ("Upgrade", " , websocket ,"),
    ])
    func tokensMatchInAnyCaseAnywhereInTheList(name: String, value: String) throws {
        _ = try WebSocketHandshake(validating: Self.head(replacing: [name: value]))
    }

    @Test func listsMaySpanSeveralFields() throws {
        let head = Self.head(replacing: ["Connection": "keep-alive", "Sec-WebSocket-Protocol": "a"], adding: [
            ("Connection", "Upgrade"), ("Sec-WebSocket-Protocol", "b, c"),
        ])
        let handshake = try WebSocketHandshake(validating: head)
        #expect(handshake.offeredProtocols == ["a", "b", "c"])
    }

    @Test func noSubprotocolIsFine() throws {
        let handshake = try WebSocketHandshake(validating: Self.head(replacing: ["Sec-WebSocket-Protocol": nil]))
        #expect(handshake.offeredProtocols.isEmpty)
    }

    struct Refusal: Sendable, CustomStringConvertible {
        var name: String
        var head: HTTPRequestHead
        var code: WebSocketHandshakeError.Code
        var status: Int
        var headers: HTTPHeaders = [:]
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "POST", head: head(method: .post), code: .invalidMethod, status: 405, headers: ["Allow": "GET"]),
        Refusal(name: "HTTP/1.0", head: head(version: .http1_0), code: .unsupportedHTTPVersion, status: 400),
        Refusal(name: "no Host", head: head(replacing: ["Host": nil]), code: .missingHost, status: 400),
        Refusal(name: "a body", head: head(framing: .contentLength(3)), code: .bodyNotAllowed, status: 400),
        Refusal(name: "a chunked body", head: head(framing: .chunked), code: .bodyNotAllowed, status: 400),
        Refusal(
            name: "no Upgrade",
            head: head(replacing: ["Upgrade": nil]),
            code: .missingUpgrade,
            status: 426,
            headers: ["Upgrade": "websocket", "Connection": "Upgrade"]
        ),
        Refusal(
            name: "Upgrade to something else",
            head: head(replacing: ["Upgrade": "h2c"]),
            code: .missingUpgrade,
            status: 426,
            headers: ["Upgrade": "websocket", "Connection": "Upgrade"]
        ),
        Refusal(
            name: "a websocket token with a version",
            head: head(replacing: ["Upgrade": "websocket/13"]),
            code: .missingUpgrade,
            status: 426,
            headers: ["Upgrade": "websocket", "Connection": "Upgrade"]
        ),
        Refusal(name: "no Connection", head: head(replacing: ["Connection": nil]), code: .missingConnectionUpgrade, status: 400),
        Refusal(
            name: "Connection without upgrade",
            head: head(replacing: ["Connection": "keep-alive"]),
            code: .missingConnectionUpgrade,
            status: 400
        ),
        Refusal(
            name: "no version",
            head: head(replacing: ["Sec-WebSocket-Version": nil]),
            code: .unsupportedVersion,
            status: 426,
            headers: ["Sec-WebSocket-Version": "13"]
        ),
        Refusal(
            name: "version 8",
            head: head(replacing: ["Sec-WebSocket-Version": "8"]),
            code: .unsupportedVersion,
            status: 426,
            headers: ["Sec-WebSocket-Version": "13"]
        ),
        Refusal(
            name: "version list",
            head: head(replacing: ["Sec-WebSocket-Version": "13, 8"]),
            code: .unsupportedVersion,
            status: 426,
            headers: ["Sec-WebSocket-Version": "13"]
        ),
        Refusal(name: "two versions", head: head(adding: [("Sec-WebSocket-Version", "13")]), code: .duplicateField, status: 400),
        Refusal(name: "no key", head: head(replacing: ["Sec-WebSocket-Key": nil]), code: .missingKey, status: 400),
        Refusal(name: "two keys", head: head(adding: [("Sec-WebSocket-Key", sampleKey)]), code: .duplicateField, status: 400),
        Refusal(name: "15-byte key", head: head(replacing: ["Sec-WebSocket-Key": "AAAAAAAAAAAAAAAAAAAA"]), code: .invalidKey, status: 400),
        Refusal(name: "17-byte key", head: head(replacing: ["Sec-WebSocket-Key": "AAAAAAAAAAAAAAAAAAAAAAA="]), code: .invalidKey, status: 400),
        Refusal(name: "unpadded key", head: head(replacing: ["Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ"]), code: .invalidKey, status: 400),
        Refusal(name: "key not base64", head: head(replacing: ["Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZ!=="]), code: .invalidKey, status: 400),
        Refusal(name: "key in base64url", head: head(replacing: ["Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25j_Q=="]), code: .invalidKey, status: 400),
        Refusal(
            name: "key with padding bits set",
            head: head(replacing: ["Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZR=="]),
            code: .invalidKey,
            status: 400
        ),
        Refusal(name: "key as text", head: head(replacing: ["Sec-WebSocket-Key": "the sample nonce"]), code: .invalidKey, status: 400),
        Refusal(
            name: "subprotocol not a token",
            head: head(replacing: ["Sec-WebSocket-Protocol": "chat, a b"]),
            code: .invalidProtocol,
            status: 400
        ),
    ]

    @Test(arguments: refusals)
    func refusesWithItsStatus(_ refusal: Refusal) {
        let error = #expect(throws: WebSocketHandshakeError.self) {
            _ = try WebSocketHandshake(validating: refusal.head)
        }
        #expect(error?.code == refusal.code)
        #expect(error?.status == refusal.status)
        #expect(error?.headers == refusal.headers)
    }

    @Test func refusalsNameTheOffendingField() {
        let head = Self.head(replacing: ["Sec-WebSocket-Version": "8"])
        #expect(throws: WebSocketHandshakeError(
            code: .unsupportedVersion,
            value: "Sec-WebSocket-Version: 8",
            headers: ["Sec-WebSocket-Version": "13"]
        )) {
            _ = try WebSocketHandshake(validating: head)
        }
        let error = WebSocketHandshakeError(code: .invalidKey, value: "Sec-WebSocket-Key: x")
        #expect(error.description == "WebSocket handshake: invalidKey (400): \"Sec-WebSocket-Key: x\"")
    }

    @Test(arguments: ["AAAAAAAAAAAAAAAAAAAAAA==", "/////////////////////w==", "+++++++++++++++++++++g==", "x3JJHMbDL1EzLkh9GBhXDw=="])
    func keysOfSixteenBytesAreAccepted(key: String) throws {
        _ = try WebSocketHandshake(validating: Self.head(replacing: ["Sec-WebSocket-Key": key]))
    }

    /// RFC 8441: no Upgrade, Connection or key; `:protocol websocket` and the version decide.
    @Test func anExtendedConnectNeedsItsProtocolAndVersionOnly() throws {
        let head = HTTPRequestHead(
            method: .get, target: "/chat", version: .http2,
            headers: ["sec-websocket-version": "13", "sec-websocket-protocol": "chat, superchat"])
        let handshake = try WebSocketHandshake(validatingExtendedConnect: head, connectProtocol: "websocket")
        #expect(handshake.key.isEmpty)
        #expect(handshake.offeredProtocols == ["chat", "superchat"])
    }

    @Test(arguments: [
        (String?.none, String?.some("13"), WebSocketHandshakeError.Code.missingConnectProtocol), ("WebSocket", "13", .missingConnectProtocol),
        ("connect-udp", "13", .missingConnectProtocol), ("websocket", "8", .unsupportedVersion), ("websocket", nil, .unsupportedVersion),
    ])
    func anExtendedConnectIsRefused(connectProtocol: String?, version: String?, code: WebSocketHandshakeError.Code) {
        var headers = HTTPHeaders()
        if let version { headers.add(name: "sec-websocket-version", value: version) }
        let head = HTTPRequestHead(method: .get, target: "/chat", version: .http2, headers: headers)
        #expect(throws: WebSocketHandshakeError.self) {
            try WebSocketHandshake(validatingExtendedConnect: head, connectProtocol: connectProtocol)
        }
        do {
            _ = try WebSocketHandshake(validatingExtendedConnect: head, connectProtocol: connectProtocol)
        } catch {
            #expect(error.code == code)
        }
    }
}

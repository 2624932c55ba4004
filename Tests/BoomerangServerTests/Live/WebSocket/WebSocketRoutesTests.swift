import BoomerangSerialization
@testable import BoomerangServer
import BoomerangTesting
import BoomerangWire
import Foundation
import Testing

/// The WebSocket routes with a real client, Python's `websockets` (PyPI, in `.build/websocket-venv`,
/// installed by `make test`), and with raw sockets for what a well-behaved client never sends.
@Suite struct WebSocketRoutesTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs one scenario of `websocket_client.py` against `live` and returns what it printed.
    static func client(_ live: LiveServer, _ scenario: String) throws -> [String: Any] {
        let python = repository.appendingPathComponent(".build/websocket-venv/bin/python").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("websocket_client.py").path
        let output = try ExternalTool.run(python, [script, live.baseURL, scenario])
        #expect(output.status == 0, "\(output.stderr)")
        return output.json ?? [:]
    }

    @Test func echoKeepsTypesJoinsFragmentsAnswersPingsAndEchoesTheCloseCode() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "echo")
        #expect(result["text"] as? String == "héllo ✓")
        #expect(result["binaryIsBytes"] as? Bool == true)
        #expect(result["binaryEqual"] as? Bool == true)
        #expect(result["fragmented"] as? String == "fragmented")
        #expect(result["pong"] as? Bool == true)
        #expect(result["closeCode"] as? Int == 4001)
    }

    @Test func echoRefragmentsToMaxFragmentSizeAndClosesWith1009OnALargerFrame() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "fragments")
        #expect(result["fragments"] as? [String] == ["abcd", "efgh", "ij"])
        #expect(result["after"] as? String == "closed")
        #expect(result["closeCode"] as? Int == 1009)
    }

    @Test func echoClosesWith1009PastMaxMessageSize() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "message_limit")
        #expect(result["atLimit"] as? Int == 16)
        #expect(result["after"] as? String == "closed")
        #expect(result["closeCode"] as? Int == 1009)
    }

    @Test func payloadsSendsFirewalksReplyCountTimesThenClosesWithTheCodeAsked() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "payloads")
        let messages = result["messages"] as? [[String: Any]] ?? []
        #expect(messages.count == 3)
        let headers = messages.first?["headers"] as? [[String: String]] ?? []
        #expect(headers.contains { $0["name"] == "X-Probe" && $0["value"] == "yes" })
        #expect((messages.first?["args"] as? [String: String])?["x"] == "1")
        #expect(messages.first?.keys.contains("data") == true)
        #expect(result["closeCode"] as? Int == 4000)
    }

    @Test func websocketSendsOneReplyAcceptsTheFirstSubprotocolAndCloses1000() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "single")
        #expect(result["subprotocol"] as? String == "chat")
        #expect(result["isBinary"] as? Bool == true)
        #expect(result["url"] as? String == "http://127.0.0.1:\(live.port)/websocket")
        #expect(result["closeCode"] as? Int == 1000)
    }

    @Test func pingCountClosesWith1001OnTheLastPing() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "pings")
        #expect((result["pongs"] as? Int ?? 0) >= 2)
        #expect(result["closeCode"] as? Int == 1001)
    }

    @Test func aCloseCodeNoFrameMayCarryIsRefusedBeforeTheHandshake() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "refused")
        #expect(result["status"] as? Int == 400)
    }

    // MARK: - Raw sockets

    static func upgradeHead(_ path: String, extra: [(String, String)] = []) -> String {
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in extra { text += "\(name): \(value)\r\n" }
        return text + "\r\n"
    }

    /// A client frame: FIN, the opcode, masked with `key` unless nil.
    static func frame(_ opcode: UInt8, _ payload: [UInt8], key: [UInt8]? = [1, 2, 3, 4]) -> [UInt8] {
        precondition(payload.count < 126)
        var bytes: [UInt8] = [0x80 | opcode, UInt8(payload.count) | (key == nil ? 0 : 0x80)]
        if let key {
            bytes += key
            bytes += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        } else {
            bytes += payload
        }
        return bytes
    }

    /// Opens `/websocket/echo` and checks the 101.
    static func openEcho(_ live: LiveServer) throws -> RawConnection {
        let connection = try RawConnection(port: live.port)
        try connection.send(upgradeHead("/websocket/echo"))
        let response = try connection.readResponse(forHead: true)
        #expect(response?.status == 101)
        #expect(response?.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response?.header("Upgrade")?.lowercased() == "websocket")
        return connection
    }

    /// Reads one unfragmented server frame with a payload under 126 bytes: opcode and payload.
    static func readFrame(_ connection: RawConnection) -> (opcode: UInt8, payload: [UInt8])? {
        let header = connection.read(exactly: 2)
        guard header.count == 2, header[1] & 0x80 == 0, header[1] < 126 else { return nil }
        return (header[0] & 0x0F, connection.read(exactly: Int(header[1])))
    }

    static func closeCode(_ payload: [UInt8]) -> Int? {
        payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
    }

    @Test func anUnmaskedClientFrameIsAProtocolError1002() throws {
        let live = try LiveServer()
        let connection = try Self.openEcho(live)
        try connection.send(Self.frame(0x1, Array("hi".utf8), key: nil))
        let close = Self.readFrame(connection)
        #expect(close?.opcode == 0x8)
        #expect(Self.closeCode(close?.payload ?? []) == 1002)
        #expect(connection.closedByServer())
    }

    @Test func invalidUTF8InATextMessageIs1007() throws {
        let live = try LiveServer()
        let connection = try Self.openEcho(live)
        try connection.send(Self.frame(0x1, [0x68, 0xC3, 0x28]))
        let close = Self.readFrame(connection)
        #expect(close?.opcode == 0x8)
        #expect(Self.closeCode(close?.payload ?? []) == 1007)
        #expect(connection.closedByServer())
    }

    @Test func aMaskedTextFrameIsEchoedUnmaskedAndAnEmptyCloseGetsAnEmptyClose() throws {
        let live = try LiveServer()
        let connection = try Self.openEcho(live)
        try connection.send(Self.frame(0x1, Array("hello".utf8)))
        let echo = Self.readFrame(connection)
        #expect(echo?.opcode == 0x1)
        #expect(echo?.payload == Array("hello".utf8))
        try connection.send(Self.frame(0x9, Array("p".utf8)))
        let pong = Self.readFrame(connection)
        #expect(pong?.opcode == 0xA)
        #expect(pong?.payload == Array("p".utf8))
        try connection.send(Self.frame(0x8, []))
        let close = Self.readFrame(connection)
        #expect(close?.opcode == 0x8)
        #expect(close?.payload == [])
        #expect(connection.closedByServer())
    }

    @Test func handshakesAreCheckedStrictly() throws {
        let live = try LiveServer()
        let plain = try live.fetch("/websocket/echo")
        #expect(plain.status == 426)
        #expect(plain.header("Upgrade") == "websocket")
        #expect(plain.text.contains("missingUpgrade"))

        let version = try RawConnection(port: live.port)
        try version.send(Self.upgradeHead("/websocket/echo").replacingOccurrences(of: "Version: 13", with: "Version: 8"))
        let refused = try version.readResponse()
        #expect(refused?.status == 426)
        #expect(refused?.header("Sec-WebSocket-Version") == "13")
        #expect(refused?.text.contains("unsupportedVersion") == true)

        let key = try RawConnection(port: live.port)
        try key.send(Self.upgradeHead("/websocket/echo").replacingOccurrences(of: "dGhlIHNhbXBsZSBub25jZQ==", with: "short"))
        let badKey = try key.readResponse()
        #expect(badKey?.status == 400)
        #expect(badKey?.text.contains("invalidKey") == true)
        // The refused handshake left the connection speaking HTTP.
        let next = try key.request("/get")
        #expect(next.status == 200)

        let limits = try live.fetch("/websocket/echo?max_fragment_size=100&max_message_size=10", headers: [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ])
        #expect(limits.status == 400)
        #expect(limits.text.contains("max_fragment_size"))
    }

    @Test func aClientThatVanishesFreesItsConnection() throws {
        // One connection at a time: were a vanished client's connection kept, every later one
        // would be closed at once. The server learns of a reset asynchronously, so a new
        // connection may be refused for a moment; it must be accepted within a few tries.
        let live = try LiveServer { $0.maxConnections = 1 }
        func openWhenFree() throws -> RawConnection? {
            for _ in 0..<50 {
                let connection = try RawConnection(port: live.port)
                try connection.send(Self.upgradeHead("/websocket/echo"))
                if try connection.readResponse(forHead: true)?.status == 101 { return connection }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return nil
        }
        for _ in 0..<3 {
            let connection = try #require(try openWhenFree())
            try connection.send(Array(Self.frame(0x2, [1, 2, 3, 4, 5, 6]).prefix(5)))
            connection.resetOnRelease()
        }
        let connection = try #require(try openWhenFree())
        try connection.send(Self.frame(0x1, Array("still here".utf8)))
        #expect(Self.readFrame(connection)?.payload == Array("still here".utf8))
    }
}

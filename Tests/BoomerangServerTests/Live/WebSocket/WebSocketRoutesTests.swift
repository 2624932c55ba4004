import BoomerangSerialization
@testable import BoomerangServer
import BoomerangTesting
import BoomerangWire
import Foundation
import Testing

/// The WebSocket routes with a real client, Python's `websockets` (PyPI, in `.build/websocket-venv`,
/// installed by `make test`), and a client that vanishes with a reset. What a well-behaved client
/// never sends is sent in process in `WebSocketRawFrameTests`.
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

    /// `x-set-response-delay-ms` holds the 101, for a client's handshake timeout. A message the
    /// client sent before the 101 is kept for the session and echoed after it.
    @Test func theHandshakeWaitsForTheDelayAndKeepsWhatCameBeforeIt() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let started = Date()
        try connection.send(
            Array(WebSocketRawFrameTests.upgradeHead("/websocket/echo", extra: [("x-set-response-delay-ms", "400")]).utf8)
                + WebSocketRawFrameTests.frame(0x1, Array("sent early".utf8)))
        let head = try #require(try connection.readResponse(forHead: true))
        #expect(head.status == 101)
        #expect(Date().timeIntervalSince(started) >= 0.4, "the 101 came before the delay")
        #expect(WebSocketRawFrameTests.readFrame(connection)?.payload == Array("sent early".utf8))
    }

    /// The echo's other controls have no meaning for a handshake: refused, not ignored.
    @Test func aControlOtherThanTheDelayIsRefusedBeforeTheHandshake() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        try connection.send(WebSocketRawFrameTests.upgradeHead("/websocket/echo?x-set-response-status-code=503"))
        let response = try #require(try connection.readResponse())
        #expect(response.status == 400)
        #expect(response.text.contains("invalidControl"), "\(response.text)")
        let multipart = try live.connect()
        try multipart.send(WebSocketRawFrameTests.upgradeHead("/websocket/echo?x-set-multipart-mode=lenient"))
        #expect(try multipart.readResponse()?.status == 400)
    }

    /// The handshake is checked before the route's parameters and the controls: a GET without it
    /// is told to upgrade, whatever else is wrong with it.
    @Test func theHandshakeIsCheckedBeforeTheParametersAndControls() throws {
        let live = try LiveServer()
        let response = try live.fetch("/websocket/echo?max_message_size=abc&x-set-response-status-code=503")
        #expect(response.status == 426, "\(response.text)")
    }

    @Test func aClientThatVanishesFreesItsConnection() throws {
        // One connection at a time: were a vanished client's connection kept, every later one
        // would be closed at once. The server learns of a reset asynchronously, so a new
        // connection may be refused for a moment; it must be accepted within a few tries.
        let live = try LiveServer { $0.maxConnections = 1 }
        func openWhenFree() throws -> RawConnection? {
            for _ in 0..<50 {
                let connection = try RawConnection(port: live.port)
                try connection.send(WebSocketRawFrameTests.upgradeHead("/websocket/echo"))
                if try connection.readResponse(forHead: true)?.status == 101 { return connection }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return nil
        }
        for _ in 0..<3 {
            let connection = try #require(try openWhenFree())
            try connection.send(Array(WebSocketRawFrameTests.frame(0x2, [1, 2, 3, 4, 5, 6]).prefix(5)))
            connection.resetOnRelease()
        }
        let connection = try #require(try openWhenFree())
        try connection.send(WebSocketRawFrameTests.frame(0x1, Array("still here".utf8)))
        #expect(WebSocketRawFrameTests.readFrame(connection)?.payload == Array("still here".utf8))
    }
}

import BoomerangTesting
import Foundation
import Testing

/// The WebSocket routes in process with frames written by hand, for what a well-behaved client
/// never sends, and the handshake's refusals (a real client: `WebSocketRoutesTests`).
@Suite struct WebSocketRawFrameTests {
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
    static func openEcho<Client: TestClient>(_ server: Client) throws -> Client.Connection {
        let connection = try server.connect()
        try connection.send(upgradeHead("/websocket/echo"))
        let response = try connection.readResponse(forHead: true)
        #expect(response?.status == 101)
        #expect(response?.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response?.header("Upgrade")?.lowercased() == "websocket")
        return connection
    }

    /// Reads one unfragmented server frame with a payload under 126 bytes: opcode and payload.
    static func readFrame(_ connection: some TestConnection) -> (opcode: UInt8, payload: [UInt8])? {
        let header = connection.read(exactly: 2)
        guard header.count == 2, header[1] & 0x80 == 0, header[1] < 126 else { return nil }
        return (header[0] & 0x0F, connection.read(exactly: Int(header[1])))
    }

    static func closeCode(_ payload: [UInt8]) -> Int? {
        payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
    }

    @Test func anUnmaskedClientFrameIsAProtocolError1002() throws {
        let server = InProcessServer()
        let connection = try Self.openEcho(server)
        try connection.send(Self.frame(0x1, Array("hi".utf8), key: nil))
        let close = Self.readFrame(connection)
        #expect(close?.opcode == 0x8)
        #expect(Self.closeCode(close?.payload ?? []) == 1002)
        #expect(connection.closedByServer())
    }

    @Test func invalidUTF8InATextMessageIs1007() throws {
        let server = InProcessServer()
        let connection = try Self.openEcho(server)
        try connection.send(Self.frame(0x1, [0x68, 0xC3, 0x28]))
        let close = Self.readFrame(connection)
        #expect(close?.opcode == 0x8)
        #expect(Self.closeCode(close?.payload ?? []) == 1007)
        #expect(connection.closedByServer())
    }

    @Test func aMaskedTextFrameIsEchoedUnmaskedAndAnEmptyCloseGetsAnEmptyClose() throws {
        let server = InProcessServer()
        let connection = try Self.openEcho(server)
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
        let server = InProcessServer()
        let plain = try server.fetch("/websocket/echo")
        #expect(plain.status == 426)
        #expect(plain.header("Upgrade") == "websocket")
        #expect(plain.text.contains("missingUpgrade"))

        let version = server.connect()
        try version.send(Self.upgradeHead("/websocket/echo").replacingOccurrences(of: "Version: 13", with: "Version: 8"))
        let refused = try version.readResponse()
        #expect(refused?.status == 426)
        #expect(refused?.header("Sec-WebSocket-Version") == "13")
        #expect(refused?.text.contains("unsupportedVersion") == true)

        let key = server.connect()
        try key.send(Self.upgradeHead("/websocket/echo").replacingOccurrences(of: "dGhlIHNhbXBsZSBub25jZQ==", with: "short"))
        let badKey = try key.readResponse()
        #expect(badKey?.status == 400)
        #expect(badKey?.text.contains("invalidKey") == true)
        // The refused handshake left the connection speaking HTTP.
        let next = try key.request("/get")
        #expect(next.status == 200)

        let limits = try server.fetch("/websocket/echo?max_fragment_size=100&max_message_size=10", headers: [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ])
        #expect(limits.status == 400)
        #expect(limits.text.contains("max_fragment_size"))
    }
}

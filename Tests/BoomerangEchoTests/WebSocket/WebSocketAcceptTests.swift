import BoomerangSerialization
import BoomerangWire
import Testing

@testable import BoomerangEcho

@Suite struct WebSocketAcceptTests {
    @Test func theRFCsSampleKey() throws {
        // RFC 6455 §1.3 and §4.2.2.
        #expect(WebSocketAccept.value(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let head = HTTPRequestHead(method: .get, target: "/chat", headers: [
            "Host": "server.example.com", "Upgrade": "websocket", "Connection": "Upgrade",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
        ])
        #expect(WebSocketAccept.value(for: try WebSocketHandshake(validating: head)) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func sha1OfKnownInputs() {
        // FIPS 180 examples: "abc" and the empty message.
        #expect(WebSocketAccept.sha1(Array("abc".utf8)) == [
            0xA9, 0x99, 0x3E, 0x36, 0x47, 0x06, 0x81, 0x6A, 0xBA, 0x3E, 0x25, 0x71, 0x78, 0x50, 0xC2, 0x6C, 0x9C, 0xD0, 0xD8, 0x9D,
        ])
        #expect(Base64.encode(WebSocketAccept.sha1([])) == "2jmj7l5rSw0yVb/vlWAYkK/YBwk=")
    }
}

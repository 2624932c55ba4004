import BoomerangSerialization
import Testing

@testable import BoomerangExchange

@Suite struct H2CUpgradeTests {
    /// What curl and the JDK's client send: SETTINGS_MAX_CONCURRENT_STREAMS 100, INITIAL_WINDOW_SIZE.
    static let settings = "AAMAAABkAAQCAAAAAAIAAAAA"

    static func head(framing: HTTPRequestHead.Framing = .none, version: HTTPVersion = .http1_1, _ fields: [(String, String)] = [
        ("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c"), ("HTTP2-Settings", settings),
    ]) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "localhost"]
        for (name, value) in fields { headers.add(name: name, value: value) }
        var head = HTTPRequestHead(method: .get, target: "/get", version: version, headers: headers, framing: framing)
        head.connectionListsUpgrade = fields.contains { $0.0 == "Connection" && $0.1.lowercased().contains("upgrade") }
        return head
    }

    @Test func aRequestWithoutABodyIsUpgradedWithTheClientsSettings() throws {
        let upgrade = try #require(H2CUpgrade(head: Self.head()))
        #expect(upgrade.settings.count == 18)
        #expect(upgrade.settings.prefix(6) == [0x00, 0x03, 0x00, 0x00, 0x00, 0x64])
    }

    /// The JDK's HttpClient sends its upgrading GET with `Content-Length: 0`: no body, so upgraded.
    @Test func anEmptyContentLengthIsNoBody() {
        #expect(H2CUpgrade(head: Self.head(framing: .contentLength(0))) != nil)
    }

    @Test(arguments: [HTTPRequestHead.Framing.contentLength(1), .chunked])
    func aRequestWithABodyStaysInHTTP11(framing: HTTPRequestHead.Framing) {
        #expect(H2CUpgrade(head: Self.head(framing: framing)) == nil)
    }

    @Test func anUpgradeMissingAPartOrWithBadSettingsIsNotTaken() {
        #expect(H2CUpgrade(head: Self.head(version: .http1_0)) == nil)
        #expect(H2CUpgrade(head: Self.head([("Connection", "Upgrade"), ("Upgrade", "h2c"), ("HTTP2-Settings", Self.settings)])) == nil)
        #expect(H2CUpgrade(head: Self.head([("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c")])) == nil)
        // Settings are whole 6-byte entries: one is taken, 5 bytes are not.
        #expect(H2CUpgrade(head: Self.head([("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c"), ("HTTP2-Settings", "AAMAAABk")])) != nil)
        #expect(H2CUpgrade(head: Self.head([("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c"), ("HTTP2-Settings", "AAMAAAA")])) == nil)
    }
}

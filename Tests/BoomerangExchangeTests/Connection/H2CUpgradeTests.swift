import BoomerangSerialization
import Testing

@testable import BoomerangExchange

@Suite struct H2CUpgradeTests {
    /// What curl and the JDK's client send: SETTINGS_MAX_CONCURRENT_STREAMS 100, INITIAL_WINDOW_SIZE.
    static let settings = "AAMAAABkAAQCAAAAAAIAAAAA"

    static let upgrading = [("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c"), ("HTTP2-Settings", settings)]

    static func head(
        framing: HTTPRequestHead.Framing = .none, version: HTTPVersion = .http1_1, target: String = "/get", _ fields: [(String, String)] = upgrading
    ) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "localhost"]
        for (name, value) in fields { headers.add(name: name, value: value) }
        var head = HTTPRequestHead(method: .get, target: target, version: version, headers: headers, framing: framing)
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

    /// `x-set-http2-edge` names the edges the connection starts with, from the query first, then
    /// the fields; a name there are no edges of leaves the request in HTTP/1.1.
    @Test func edgesAreAskedByName() throws {
        #expect(H2CUpgrade(head: Self.head())?.edges == nil)
        let byField = try #require(H2CUpgrade(head: Self.head(Self.upgrading + [("X-Set-HTTP2-Edge", " H2-One-Stream ")])))
        #expect(byField.edges == HTTP2Edges(name: "h2-one-stream", maxConcurrentStreams: 1))
        let byQuery = try #require(
            H2CUpgrade(head: Self.head(target: "/get?a=1&x-set-http2-edge=h2-tiny-window", Self.upgrading + [("x-set-http2-edge", "h2-tiny-frames")])))
        #expect(byQuery.edges == HTTP2Edges(name: "h2-tiny-window", initialWindowSize: 1))
        #expect(H2CUpgrade(head: Self.head(Self.upgrading + [("x-set-http2-edge", "h2-huge")])) == nil)
        #expect(HTTP2Edges.names == "h2-one-stream, h2-tiny-window, h2-tiny-frames or h2-no-hpack-table")
    }
}

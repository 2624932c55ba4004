import BoomerangExchange
import BoomerangSerialization
import BoomerangTesting
import Testing

@testable import BoomerangHTTP1

/// A `101 Switching Protocols` hands the connection to its upgrade handler.
@Suite struct ConnectionUpgradeTests {
    typealias H = ConnectionHarness

    static func harness() -> H {
        H.responding { _, _ in
            var response = Response(status: 101, headers: ["Upgrade": "echo", "Connection": "Upgrade"])
            response.upgrade = EchoUpgrade()
            return response
        }
    }

    static let request = "GET /echo HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n"

    @Test func bytesAfterThe101GoToTheHandlerIncludingThoseBehindTheRequest() {
        var h = Self.harness()
        _ = h.start()
        #expect(h.receive(Self.request + "early") == [.send, .armTimer(at: h.now + H.second)])
        _ = h.send()
        let text = h.wireText
        #expect(text.hasPrefix("HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n"))
        #expect(!text.contains("Content-Length") && !text.contains("Connection: close"))
        #expect(text.hasSuffix("\r\n\r\nready\nearly"))
        h.wire = []
        #expect(h.receive("GET / HTTP/1.1\r\n") == [.send])
        _ = h.send()
        #expect(h.wireText == "GET / HTTP/1.1\r\n")
    }

    @Test func theHandlerIsWokenAtTheTimeItAskedFor() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.request)
        _ = h.send()
        h.wire = []
        #expect(h.advance(milliseconds: 1000).first == .send)
        _ = h.send()
        #expect(h.wireText == "tick\n")
        // No idle timeout applies to an upgraded connection.
        #expect(h.advance(milliseconds: 60_000) == [])
        #expect(!h.isClosed)
    }

    @Test func theHandlerClosesWithALingeringClose() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.request)
        _ = h.send()
        #expect(h.receive("bye") == [.send, .pauseReading])
        #expect(h.send().first == .shutdownWrite)
    }

    @Test func endOfInputClosesByDefault() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.request)
        _ = h.send()
        #expect(h.peerClosed() == [.close])
    }

    @Test func anUpgradeOnHTTP10OrHeadIsNotHonoured() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive("GET /echo HTTP/1.0\r\n\r\nmore")
        _ = h.send()
        #expect(!h.wireText.contains("ready"))
        if case .upgraded = h.machine.state { Issue.record("upgraded on HTTP/1.0") }
    }
}

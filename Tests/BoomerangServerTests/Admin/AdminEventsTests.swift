import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangHistory
@testable import BoomerangServer

/// `GET /__admin/events` in process: held open while other connections' exchanges are recorded,
/// and as a long poll (`?wait=`) that waits on the manual clock.
@Suite struct AdminEventsTests {
    /// The `id:` and `event:` lines and the decoded `data:` of each event in an event-stream body.
    static func events(_ text: String) -> [(id: Int?, event: String?, data: [String: Any]?)] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var id: Int?
            var event: String?
            var data: [String: Any]?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") {
                    data = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
                }
            }
            return id == nil && event == nil ? nil : (id, event, data)
        }
    }

    @Test func eventsAfterTheLastIdComeAtOnceAsServerSentEvents() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /s/ci/headers HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try server.admin("/__admin/events?wait=0", headers: ["Last-Event-ID: 0"])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(response.text.hasPrefix("retry: 0\n\n"))
        let events = Self.events(response.text)
        #expect(events.map(\.id) == [1, 2])
        #expect(events.map(\.event) == ["exchange", "exchange"])
        #expect(events[1].data?.string("path") == "/headers")
        #expect(events[1].data?.string("session") == "ci")
        let scoped = try server.admin("/__admin/events?session=ci&lastEventId=0&wait=0")
        #expect(Self.events(scoped.text).map(\.id) == [2])
    }

    @Test func withNothingNewTheAnswerWaitsThenCarriesTheCursor() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let started = server.clock.now
        let response = try server.admin("/__admin/events?wait=0.3")
        #expect(server.clock.now - started == 300_000_000, "waited \(server.clock.now - started) ns")
        #expect(response.text.contains(": no new exchanges\n\n"))
        #expect(Self.events(response.text).map(\.id) == [1])
        #expect(Self.events(response.text).first?.event == nil)
        #expect(try server.admin("/__admin/events?wait=31").status == 400)
        #expect(try server.admin("/__admin/events?wait=0", headers: ["Last-Event-ID: x"]).status == 400)
        #expect(try server.admin("/__admin/events", headers: ["Last-Event-ID: x"]).status == 400)
    }

    /// The body of a chunked response read so far, without the head and the chunk framing.
    static func dechunk(_ text: String) -> String {
        var bytes = Array(text.utf8)[...]
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return "" }
        bytes = bytes[headEnd.upperBound...]
        var body: [UInt8] = []
        while let lineEnd = bytes.firstRange(of: [13, 10]),
            let size = Int(String(decoding: bytes[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd.upperBound
            guard bytes.distance(from: start, to: bytes.endIndex) >= size + 2 else { break }
            body += bytes[start..<bytes.index(start, offsetBy: size)]
            bytes = bytes[bytes.index(start, offsetBy: size + 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Opens the held-open feed on a new connection and reads past its first block.
    static func openFeed(_ server: InProcessServer, query: String = "", headers: [String] = [], until marker: String = "retry: 1000\n\n")
        throws -> (InProcessConnection, String)
    {
        let feed = server.connect()
        let extra = headers.map { $0 + "\r\n" }.joined()
        try feed.send("GET /__admin/events\(query) HTTP/1.1\r\nHost: \(server.authority)\r\n\(extra)\r\n")
        return (feed, feed.readText(untilContains: marker))
    }

    @Test func theHeldOpenFeedDeliversExchangesFromOtherConnectionsAsTheyHappen() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get?before=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        let (feed, opening) = try Self.openFeed(server)
        #expect(opening.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(opening.contains("Transfer-Encoding: chunked\r\n"))
        #expect(opening.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
        var received = ""
        for index in 0..<3 {
            _ = try server.send("GET /get?n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            received += feed.readText(untilContains: "/get?n=\(index)")
        }
        let events = Self.events(Self.dechunk(opening + received)).filter { $0.event == "exchange" }
        #expect(events.map { $0.data?.string("target") } == ["/get?n=0", "/get?n=1", "/get?n=2"])
        #expect(events.map(\.id) == [2, 3, 4])
        // Without Last-Event-ID the stream starts at the newest entry: a reconnect resumes there.
        #expect(Self.events(Self.dechunk(opening)).first?.id == 1)
    }

    @Test func theHeldOpenFeedReplaysAfterLastEventIDThenSendsClears() throws {
        let server = InProcessServer()
        for index in 0..<3 { _ = try server.send("GET /s/ci/get?n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
        let (feed, opening) = try Self.openFeed(server, query: "?session=ci", headers: ["Last-Event-ID: 1"], until: "/get?n=2")
        var received = opening
        #expect(Self.events(Self.dechunk(received)).filter { $0.event == "exchange" }.map(\.id) == [2, 3])
        #expect(try server.admin("DELETE", "/__admin/requests?session=ci").status == 200)
        received += feed.readText(untilContains: "event: cleared")
        #expect(Self.events(Self.dechunk(received)).contains { $0.event == "cleared" && $0.data?.string("session") == "ci" })
    }

    /// What the page does: it reads the list, then opens the feed with `?lastEventId=` the list's
    /// `newestId` (an `EventSource` cannot send the header on its first connection). An exchange
    /// recorded in between comes first on the feed; nothing older does.
    @Test func theFeedResumesFromTheListsNewestId() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get?n=listed HTTP/1.1\r\nHost: x\r\n\r\n")
        let newest = try #require(try server.adminJSON("/__admin/requests").int("newestId"))
        #expect(newest == 1)
        _ = try server.send("GET /get?n=between HTTP/1.1\r\nHost: x\r\n\r\n")
        let (feed, opening) = try Self.openFeed(server, query: "?lastEventId=\(newest)", until: "/get?n=between")
        _ = try server.send("GET /get?n=after HTTP/1.1\r\nHost: x\r\n\r\n")
        let received = opening + feed.readText(untilContains: "/get?n=after")
        let events = Self.events(Self.dechunk(received)).filter { $0.event == "exchange" }
        #expect(events.map { $0.data?.string("target") } == ["/get?n=between", "/get?n=after"])
        #expect(events.map(\.id) == [2, 3])
    }
}

import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `GET /__admin/events` (long poll) read over real connections.
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
        let live = try LiveServer()
        _ = try live.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try live.send("GET /s/ci/headers HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try live.admin("/__admin/events", headers: ["Last-Event-ID: 0"])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(response.text.hasPrefix("retry: 0\n\n"))
        let events = Self.events(response.text)
        #expect(events.map(\.id) == [1, 2])
        #expect(events.map(\.event) == ["exchange", "exchange"])
        #expect(events[1].data?.string("path") == "/headers")
        #expect(events[1].data?.string("session") == "ci")
        let scoped = try live.admin("/__admin/events?session=ci&lastEventId=0")
        #expect(Self.events(scoped.text).map(\.id) == [2])
    }

    @Test func withNothingNewTheAnswerWaitsThenCarriesTheCursor() throws {
        let live = try LiveServer()
        _ = try live.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let started = Date()
        let response = try live.admin("/__admin/events?wait=0.3")
        #expect(Date().timeIntervalSince(started) >= 0.25)
        #expect(response.text.contains(": no new exchanges\n\n"))
        #expect(Self.events(response.text).map(\.id) == [1])
        #expect(Self.events(response.text).first?.event == nil)
        #expect(try live.admin("/__admin/events?wait=31").status == 400)
        #expect(try live.admin("/__admin/events", headers: ["Last-Event-ID: x"]).status == 400)
    }

    @Test func aClientLoopingOnTheCursorSeesExchangesFromAnotherConnection() throws {
        let live = try LiveServer(threads: 2)
        var lastID = 0
        var seen: [String] = []
        let sender = Thread {
            for index in 0..<3 {
                usleep(150_000)
                _ = try? live.send("GET /get?n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
        }
        sender.start()
        let deadline = Date().addingTimeInterval(10)
        while seen.count < 3 && Date() < deadline {
            let response = try live.admin("/__admin/events?wait=0.2", headers: ["Last-Event-ID: \(lastID)"])
            for event in Self.events(response.text) {
                if let id = event.id { lastID = id }
                if event.event == "exchange", let target = event.data?.string("target") { seen.append(target) }
            }
        }
        #expect(seen == ["/get?n=0", "/get?n=1", "/get?n=2"])
    }

    @Test func urlSessionReadsTheFeed() async throws {
        let live = try LiveServer()
        _ = try live.send("GET /get?from=url-session HTTP/1.1\r\nHost: x\r\n\r\n")
        var request = URLRequest(url: live.url("/__admin/events"))
        request.setValue("0", forHTTPHeaderField: "Last-Event-ID")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
        let events = Self.events(String(decoding: data, as: UTF8.self))
        #expect(events.map(\.id) == [1])
        #expect(events.first?.data?.string("target") == "/get?from=url-session")
    }
}

import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `GET /__admin/events` over real connections: a client looping on the cursor while another
/// thread sends, URLSession reading the feed.
@Suite struct AdminEventsLiveTests {
    /// Opens the held-open feed on a new connection and reads past its first block.
    static func openFeed(_ live: LiveServer, query: String = "", headers: [String] = [], until marker: String = "retry: 1000\n\n")
        throws -> (ByteClient, String)
    {
        let client = try ByteClient(port: live.port)
        let extra = headers.map { $0 + "\r\n" }.joined()
        try client.send("GET /__admin/events\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\n\(extra)\r\n")
        return (client, client.read(untilContains: marker, idleSeconds: 5))
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
            for event in AdminEventsTests.events(response.text) {
                if let id = event.id { lastID = id }
                if event.event == "exchange", let target = event.data?.string("target") { seen.append(target) }
            }
        }
        #expect(seen == ["/get?n=0", "/get?n=1", "/get?n=2"])
    }

    @Test func urlSessionReadsTheFeed() async throws {
        let live = try LiveServer()
        _ = try live.send("GET /get?from=url-session HTTP/1.1\r\nHost: x\r\n\r\n")
        var request = URLRequest(url: live.url("/__admin/events?wait=0"))
        request.setValue("0", forHTTPHeaderField: "Last-Event-ID")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
        let events = AdminEventsTests.events(String(decoding: data, as: UTF8.self))
        #expect(events.map(\.id) == [1])
        #expect(events.first?.data?.string("target") == "/get?from=url-session")
    }
}

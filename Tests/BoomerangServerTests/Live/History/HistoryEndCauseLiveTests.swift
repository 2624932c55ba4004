import BoomerangTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Exchanges cut by a client that stops reading, over real sockets with small windows.
@Suite struct HistoryEndCauseLiveTests {
    /// Robustness K04 (the history entry).
    @Test func aClientThatStopsReadingIsRecordedAsCutAtTheWriteTimeout() throws {
        let live = try LiveServer { $0.writeTimeout = 1 }
        // 10 MiB does not fit the socket buffers of a client that reads nothing.
        let script = """
            import socket, time
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", \(live.port)))
            s.sendall(b"GET /bytes/10485760 HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
            time.sleep(3)
            s.close()
            """
        let output = try ExternalTool.run("python3", ["-c", script])
        #expect(output.status == 0, "\(output.stderr)")
        _ = try live.waitForEntries(1)
        let entry = try live.lastEntry()
        #expect(entry.string("outcome") == "clientAborted")
        #expect(entry.int("status") == 200)
        #expect(entry.object("abort")?.string("phase") == "response")
        #expect(entry.object("abort")?.string("cause") == "writeTimeout")
        #expect(entry.diagnosticCodes.contains("clientStoppedReading"))
        let sent = try #require(entry.object("response")?.int("bodyBytes"))
        #expect(sent > 0 && sent < 10_485_760)
    }

    /// A response recorded whole when it was made, whose client left with most of it still
    /// queued, is amended: in the list, in the live feed (an `updated` event without an id), and
    /// in the history file, whose later line wins when it is read back.
    @Test func aFixedSizeResponseTheClientLeavesIsAmendedEverywhere() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 4 << 20)
        do {
            let live = try LiveServer {
                $0.historyFile = path
                $0.writeTimeout = 600
            }
            let (feed, opening) = try AdminEventsLiveTests.openFeed(live)
            let fd = try SlowAndVanishingClientTests.smallWindowSocket(live)
            let head = "POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\n\r\n"
            SlowAndVanishingClientTests.send(fd, Array(head.utf8) + body)
            #expect(SlowAndVanishingClientTests.readHead(fd) == 200)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close(fd)
            let text = opening + feed.read(untilContains: "\"outcome\":\"clientAborted\"", idleSeconds: 15)
            let unframed = AdminEventsTests.dechunk(text)
            let events = AdminEventsTests.events(unframed).filter { $0.event != nil }
            #expect(events.map(\.event) == ["exchange", "updated"], "\(unframed.debugDescription)")
            #expect(events.first?.data?.string("outcome") == "complete")
            #expect(events.last?.id == nil)
            #expect(events.last?.data?.int("id") == 1)
            #expect(events.last?.data?.string("outcome") == "clientAborted")
            #expect(try live.lastEntry().string("outcome") == "clientAborted")
        }
        let live = try LiveServer { $0.historyFile = path }
        #expect(try live.listed().count == 1)
        let entry = try live.lastEntry()
        #expect(entry.string("outcome") == "clientAborted")
        #expect(entry.object("abort")?.string("phase") == "response")
    }
}

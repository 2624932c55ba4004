import Foundation
import Testing

/// An exchange that ends before it is complete is recorded with why: the client closed, the
/// client stopped reading until the write timeout, or the server stopped.
@Suite struct HistoryEndCauseTests {
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

    @Test func aStreamTheServerStopsInIsRecordedAsInterrupted() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let live = try LiveServer {
                $0.historyFile = path
                $0.shutdownTimeout = 0.3
            }
            let connection = try RawConnection(port: live.port)
            try connection.send("GET /drip?duration=10&numbytes=10&delay=0 HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try #require(try connection.readResponse(forHead: true))
            #expect(head.status == 200)
            #expect(connection.read(exactly: 1).count == 1)
            withExtendedLifetime(connection) { live.server.shutdown() }
        }
        let live = try LiveServer { $0.historyFile = path }
        let entry = try live.lastEntry()
        #expect(entry.string("outcome") == "interrupted")
        #expect(entry.object("abort")?.string("cause") == "serverStopped")
        #expect(entry.diagnosticCodes.contains("serverStopped"))
        #expect(try live.listed("?outcome=interrupted").count == 1)
    }

    @Test func aBodyTheServerStopsInIsRecordedAsInterrupted() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let live = try LiveServer {
                $0.historyFile = path
                $0.shutdownTimeout = 0.3
            }
            let connection = try RawConnection(port: live.port)
            // The interim answer shows that the server reads the body when the stop begins.
            try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
            #expect(try connection.readResponse(forHead: true)?.status == 100)
            try connection.send("half")
            withExtendedLifetime(connection) { live.server.shutdown() }
        }
        let live = try LiveServer { $0.historyFile = path }
        let entry = try live.lastEntry()
        #expect(entry.string("outcome") == "interrupted")
        #expect(entry.object("abort")?.string("phase") == "body")
        #expect(entry.object("abort")?.string("cause") == "serverStopped")
        #expect(entry.object("abort")?.int("receivedBodyBytes") == 4)
    }
}

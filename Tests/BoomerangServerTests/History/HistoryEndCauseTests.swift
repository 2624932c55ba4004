import BoomerangTesting
import Foundation
import Testing

/// An exchange that ends before it is complete because the server stopped is recorded with
/// why, the graceful shutdown's timeout passing on the manual clock.
@Suite struct HistoryEndCauseTests {
    /// The entry of the one exchange that `begin` starts on a server with a history file, which
    /// then shuts down (its timeout passing on the manual clock), read back by a new server.
    private func entryInterruptedByShutdown(_ begin: (InProcessConnection) throws -> Void) throws -> (InProcessServer, [String: Any]) {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let server = InProcessServer {
                $0.historyFile = path
                $0.shutdownTimeout = 0.3
            }
            let connection = server.connect()
            try begin(connection)
            withExtendedLifetime(connection) { server.shutdown() }
        }
        let server = InProcessServer { $0.historyFile = path }
        return (server, try server.lastEntry())
    }

    @Test func aStreamTheServerStopsInIsRecordedAsInterrupted() throws {
        let (server, entry) = try entryInterruptedByShutdown { connection in
            try connection.send("GET /drip?duration=10&numbytes=10&delay=0 HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try #require(try connection.readResponse(forHead: true))
            #expect(head.status == 200)
            #expect(connection.read(exactly: 1).count == 1)
        }
        #expect(entry.string("outcome") == "interrupted")
        #expect(entry.object("abort")?.string("cause") == "serverStopped")
        #expect(entry.diagnosticCodes.contains("serverStopped"))
        #expect(try server.listed("?outcome=interrupted").count == 1)
    }

    @Test func aBodyTheServerStopsInIsRecordedAsInterrupted() throws {
        let (_, entry) = try entryInterruptedByShutdown { connection in
            // The interim answer shows that the server reads the body when the stop begins.
            try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
            #expect(try connection.readResponse(forHead: true)?.status == 100)
            try connection.send("half")
        }
        #expect(entry.string("outcome") == "interrupted")
        #expect(entry.object("abort")?.string("phase") == "body")
        #expect(entry.object("abort")?.string("cause") == "serverStopped")
        #expect(entry.object("abort")?.int("receivedBodyBytes") == 4)
    }
}

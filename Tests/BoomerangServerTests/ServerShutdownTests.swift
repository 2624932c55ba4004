import BoomerangTesting
import Testing

/// A graceful shutdown on the manual clock: the exchange in progress finishes and its connection
/// closes, an idle connection closes at once, and a stream still going at the shutdown timeout is
/// cut there. (That the real server stops accepting and joins its loops: `ServerTests`, live.)
@Suite struct ServerShutdownTests {
    static let millisecond: UInt64 = 1_000_000

    @Test func anExchangeInProgressFinishesThenItsConnectionCloses() throws {
        let server = InProcessServer { $0.shutdownTimeout = 5 }
        let connection = server.connect()
        try connection.send("GET /get?x-set-response-delay-ms=400 HTTP/1.1\r\nHost: x\r\n\r\n")
        let started = server.clock.now
        server.shutdown()
        #expect(server.clock.now - started == 400 * Self.millisecond, "the shutdown did not wait for the delay alone")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(connection.isClosed)
        #expect(server.openConnections == 0)
    }

    @Test func anIdleKeepAliveConnectionClosesAtOnce() throws {
        let server = InProcessServer { $0.shutdownTimeout = 5 }
        let connection = server.connect()
        #expect(try connection.request("/get").status == 200)
        let started = server.clock.now
        server.shutdown()
        #expect(server.clock.now == started)
        #expect(connection.isClosed)
        #expect(server.openConnections == 0)
    }

    @Test func aStreamStillGoingIsCutAtTheShutdownTimeout() throws {
        let server = InProcessServer { $0.shutdownTimeout = 0.5 }
        let connection = server.connect()
        // A byte a second: the next is due a second after the first, past the timeout.
        try connection.send("GET /drip?duration=10&numbytes=10&delay=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse(forHead: true)?.status == 200)
        #expect(connection.read(exactly: 1).count == 1)
        let started = server.clock.now
        server.shutdown()
        #expect(server.clock.now - started == 500 * Self.millisecond)
        #expect(connection.isClosed)
        #expect(server.openConnections == 0)
    }
}

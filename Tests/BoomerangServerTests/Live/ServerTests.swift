import BoomerangLibevent
import BoomerangServer
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

@Suite struct ServerTests {
    @Test func portZeroPicksAFreePortAndSecondServerOnItFails() throws {
        let live = try LiveServer()
        #expect(live.port > 0)
        var settings = ServerSettings()
        settings.port = live.port
        settings.threads = 1
        settings.httpsPort = nil
        let second = Server(settings: settings)
        #expect(throws: LibeventError.self) { try second.start() }
    }

    @Test func everyLoopServesWhenThereAreSeveral() throws {
        let live = try LiveServer(threads: 3)
        for _ in 0..<12 {
            let connection = try RawConnection(port: live.port)
            try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.status == 200)
        }
    }

    @Test func shutdownLetsAnInFlightExchangeFinishThenRefusesConnections() throws {
        let live = try LiveServer { $0.shutdownTimeout = 5 }
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /get?x-set-response-delay-ms=400 HTTP/1.1\r\nHost: x\r\n\r\n")
        // The request must be read before the shutdown begins (an idle connection is closed at
        // once); how long the shutdown waits for it is asserted on the manual clock in
        // ServerShutdownTests.
        Thread.sleep(forTimeInterval: 0.1)
        live.server.shutdown()
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(throws: TestConnectionFailure.self) { try RawConnection(port: live.port) }
    }

    @Test func shutdownClosesIdleKeepAliveConnectionsAtOnce() throws {
        let live = try LiveServer { $0.shutdownTimeout = 5 }
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        let started = Date()
        live.server.shutdown()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(connection.closedByServer(within: 1))
    }

    /// Robustness K05: past `max_connections` a client is answered 503 and closed at once; the
    /// held connections are still served. (EMFILE: `AcceptFailureLogTests`; 10,000 idle
    /// connections: scripts/soak/soak.py `idle`.)
    @Test func connectionsOverTheCapAre503() throws {
        let live = try LiveServer { $0.maxConnections = 2 }
        let first = try RawConnection(port: live.port)
        let second = try RawConnection(port: live.port)
        try first.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        try second.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try first.readResponse()?.status == 200)
        #expect(try second.readResponse()?.status == 200)
        let third = try RawConnection(port: live.port)
        #expect(try third.readResponse()?.status == 503)
        #expect(third.closedByServer())
        try first.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try first.readResponse()?.status == 200)
        withExtendedLifetime((first, second)) {}
    }
}

import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangLibevent
@testable import BoomerangServer

#if canImport(Glibc)
import Glibc
#endif

/// Starting and stopping the server: idempotent starts, clean failures, bounded shutdowns.
@Suite struct ServerLifecycleTests {
    static func settings(port: Int = 0, threads: Int = 1, configure: (inout ServerSettings) -> Void = { _ in }) -> ServerSettings {
        var settings = ServerSettings()
        settings.port = port
        settings.threads = threads
        settings.httpsPort = nil
        settings.accessLog = false
        settings.shutdownTimeout = 2
        configure(&settings)
        return settings
    }

    /// A port that was free a moment ago.
    static func freePort() throws -> Int {
        let server = Server(settings: settings())
        let port = try server.start()
        server.shutdown()
        return port
    }

    @Test func aSecondStartReturnsThePortAndStartsNothingMore() throws {
        let server = Server(settings: Self.settings(threads: 2))
        let port = try server.start()
        #expect(try server.start() == port)
        let connection = try RawConnection(port: port)
        try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        server.shutdown()
        // Loops orphaned by the second start would still accept here.
        #expect(throws: TestConnectionFailure.self) { try RawConnection(port: port) }
        #expect(server.port == nil)
    }

    /// The listening socket keeps the backlog it was made with once its loops accept on it (`ss`
    /// shows a listener's backlog as its Send-Q).
    @Test func theListenBacklogStaysAt1024() throws {
        let server = Server(settings: Self.settings(threads: 2))
        let port = try server.start()
        defer { server.shutdown() }
        let listing = try ExternalTool.run("ss", ["-ltnH", "sport = :\(port)"])
        let lines = String(decoding: listing.stdout, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first == "1024", "\(line)")
        }
    }

    @Test func theServerStartsAgainAfterAShutdown() throws {
        let server = Server(settings: Self.settings())
        let first = try server.start()
        server.shutdown()
        let second = try server.start()
        defer { server.shutdown() }
        let connection = try RawConnection(port: second)
        try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        #expect(first > 0)
    }

    @Test func aLoopThatCannotBeMadeLeavesNoSocketOrThreadBehind() throws {
        let port = try Self.freePort()
        let server = Server(settings: Self.settings(port: port, threads: 3), responderOverride: nil) {
            index, sockets, context, completion throws(LibeventError) in
            guard index != 1 else {
                sockets.forEach { close($0.fd) }
                throw LibeventError(function: "test loop", errno: EMFILE)
            }
            return try EventLoop(index: index, sockets: sockets, host: context, completion: completion)
        }
        #expect(throws: LibeventError(function: "test loop", errno: EMFILE)) { try server.start() }
        #expect(server.port == nil)
        #expect(throws: TestConnectionFailure.self) { try RawConnection(port: port) }
        // Every socket is closed: the port can be bound again without SO_REUSEPORT.
        let again = Server(settings: Self.settings(port: port))
        #expect(try again.start() == port)
        again.shutdown()
    }

    /// Shuts a server down while a client waits for `response`: the seconds `shutdown()` took,
    /// and the client.
    private func shutdownTime(timeout: Double, answering response: Response) throws -> (seconds: Double, client: ByteClient) {
        let live = try ScriptedServer(configure: { $0.shutdownTimeout = timeout }) { _ in response }
        let client = try ByteClient(port: live.port)
        try client.send("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        let started = Date()
        live.server.shutdown()
        return (Date().timeIntervalSince(started), client)
    }

    @Test func shutdownGivesUpOnAStuckExchangeAtTheShutdownTimeout() throws {
        var response = Response(status: 200)
        response.bodyStream = ScriptedStream([.wait(until: nil)])
        let (elapsed, client) = try shutdownTime(timeout: 0.5, answering: response)
        #expect(elapsed >= 0.4 && elapsed < 2)
        #expect(client.readToEnd(idleSeconds: 1).ending == .closed)
    }

    @Test func shutdownClosesAStalledConnectionAtOnce() throws {
        var response = Response(status: 200)
        response.fault = .stall
        let (elapsed, client) = try shutdownTime(timeout: 5, answering: response)
        #expect(elapsed < 1)
        #expect(client.readToEnd(idleSeconds: 1) == ([], .closed))
    }

    @Test func anUnresolvableHostKeepsTheResolversReason() throws {
        let server = Server(settings: Self.settings { $0.host = "no.such.host.invalid" })
        do {
            try server.start()
            Issue.record("started on an unresolvable host")
        } catch {
            #expect(error.reason != nil)
            #expect(error.description.hasPrefix("getaddrinfo(no.such.host.invalid) failed: "))
            #expect(error.description.count > "getaddrinfo(no.such.host.invalid) failed: ".count)
        }
    }
}

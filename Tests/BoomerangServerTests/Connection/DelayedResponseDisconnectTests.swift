import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A client that leaves while its response is held back by a delay is noticed at once, over real
/// sockets: the connection closes, nothing is written, and the history says the client went away.
/// The delay is a minute and every wait here a fraction of it, so a server that only notices when
/// the delay ends fails.
@Suite struct DelayedResponseDisconnectTests {
    static let delayedRequest = "GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\nx-set-response-delay-ms: 60000\r\n\r\n"

    static func server() throws -> LiveServer {
        try LiveServer { $0.maxResponseDelayMilliseconds = 60_000 }
    }

    /// Polls until the server has no client connection open; false after `seconds`.
    static func allClosed(_ live: LiveServer, within seconds: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while live.server.openConnections > 0 {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    static func expectAbortedDuringTheDelay(_ live: LiveServer) throws {
        let entries = try live.waitForEntries(1, timeout: 15)
        #expect(entries.first?.string("outcome") == "clientAborted")
        #expect(entries.first?.int("status") == 0)
        let entry = try live.lastEntry()
        #expect(entry.object("abort")?.string("phase") == "delay")
        #expect(entry.diagnosticCodes.contains("clientClosedDuringDelay"))
        #expect(entry["response"] is NSNull)
    }

    @Test func aFinDuringTheDelayClosesAtOnceWithoutAnAnswer() throws {
        let live = try Self.server()
        let connection = try RawConnection(port: live.port)
        try connection.send(Self.delayedRequest)
        usleep(100_000)
        connection.shutdownWrite()
        let received = try #require(connection.bytesUntilClosed(within: 15), "the server kept the connection for the delay")
        #expect(received.isEmpty, "wrote \(received.count) bytes to a client that had gone")
        try Self.expectAbortedDuringTheDelay(live)
        #expect(Self.allClosed(live))
    }

    @Test func aClientThatClosesItsSocketDuringTheDelayIsRecordedAsGone() throws {
        let live = try Self.server()
        do {
            let connection = try RawConnection(port: live.port)
            try connection.send(Self.delayedRequest)
            usleep(100_000)
        }
        #expect(Self.allClosed(live), "the server kept the connection for the delay")
        try Self.expectAbortedDuringTheDelay(live)
    }

    @Test func aResetDuringTheDelayClosesAtOnce() throws {
        let live = try Self.server()
        do {
            let connection = try RawConnection(port: live.port)
            try connection.send(Self.delayedRequest)
            usleep(100_000)
            connection.resetOnRelease()
        }
        #expect(Self.allClosed(live), "the server kept the connection for the delay")
        try Self.expectAbortedDuringTheDelay(live)
        #expect(try live.send("GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status == 200)
    }
}

import BoomerangTesting
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

    /// Requests pipelined behind the delayed one: 45 bytes each, 129 KiB in all. More than the
    /// server keeps (64 KiB) plus what one read can add to it (64 KiB), so that it pauses reading
    /// with bytes still unread in its socket; and little more, so that those fit in the socket's
    /// receive window and the client's FIN can follow them (TCP sends it only after them).
    static let pipelinedCount = 2936
    static let pipelined = String(repeating: "GET /status/204 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: pipelinedCount)

    /// A connection that has sent the delayed request and the pipelined ones.
    static func pipeliningConnection(_ live: LiveServer) throws -> RawConnection {
        let connection = try RawConnection(port: live.port)
        connection.setSendTimeout(15)
        try connection.send(Self.delayedRequest)
        try connection.send(Self.pipelined)
        return connection
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

    @Test func aFinBehindMorePipelinedBytesThanTheServerKeepsClosesAtOnce() throws {
        let live = try Self.server()
        let connection = try Self.pipeliningConnection(live)
        usleep(100_000)
        connection.shutdownWrite()
        #expect(connection.endAcknowledged(within: 15), "the client's FIN never reached the server")
        // Unread input is left in the server's socket, so its close may arrive as a reset.
        let received = try #require(connection.bytesUntilClosed(within: 15), "the server kept the connection for the delay")
        #expect(received.isEmpty, "wrote \(received.count) bytes to a client that had gone")
        try Self.expectAbortedDuringTheDelay(live)
        #expect(Self.allClosed(live))
    }

    @Test func aResetBehindMorePipelinedBytesThanTheServerKeepsClosesAtOnce() throws {
        let live = try Self.server()
        do {
            let connection = try Self.pipeliningConnection(live)
            usleep(100_000)
            connection.resetOnRelease()
        }
        #expect(Self.allClosed(live), "the server kept the connection for the delay")
        try Self.expectAbortedDuringTheDelay(live)
        #expect(try live.send("GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status == 200)
    }

    /// The other side: a client whose input waits unread (it pipelined past what the server
    /// keeps) but that is still there gets every answer, the delayed one first.
    @Test func aClientThatPipelinesPastWhatTheServerKeepsButStaysIsAnswered() throws {
        let live = try LiveServer { $0.maxResponseDelayMilliseconds = 60_000 }
        let connection = try RawConnection(port: live.port)
        connection.setSendTimeout(15)
        try connection.send("GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\nx-set-response-delay-ms: 1000\r\n\r\n")
        try connection.send(Self.pipelined)
        try connection.send("GET /status/200 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        connection.setTimeout(30)
        let first = try #require(try connection.readResponse())
        #expect(first.status == 200)
        #expect(first.json?["url"] != nil)
        var statuses: [Int] = []
        while let response = try connection.readResponse() {
            statuses.append(response.status)
        }
        #expect(statuses.count == Self.pipelinedCount + 1)
        #expect(statuses.dropLast().allSatisfy { $0 == 204 })
        #expect(statuses.last == 200)
        #expect(Self.allClosed(live))
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

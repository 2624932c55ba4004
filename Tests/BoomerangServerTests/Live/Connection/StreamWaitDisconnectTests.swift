import BoomerangTesting
import Foundation
import Testing

/// A client that closes while a streamed response waits before its next piece (`/drip`'s delay,
/// the live feed between events) is noticed at once, as during a delay held back whole
/// (`DelayedResponseDisconnectTests`): the connection is freed and the exchange recorded as cut,
/// rather than kept until the stream next writes. The waits here are a minute or more and the
/// test waits at most 15 s, so a server that notices only when it writes fails.
@Suite struct StreamWaitDisconnectTests {
    @Test func aClientThatClosesDuringADripsDelayIsNoticedBeforeTheDelayEnds() throws {
        let live = try LiveServer { $0.maxResponseDelayMilliseconds = 60_000 }
        do {
            let connection = try RawConnection(port: live.port)
            try connection.send("GET /drip?delay=60&duration=0&numbytes=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Only the head: nothing is left unread, so closing sends a FIN, not a reset.
            let head = try connection.readResponse(forHead: true)
            #expect(head?.status == 200)
        }
        #expect(DelayedResponseDisconnectTests.allClosed(live), "the server kept the connection for the drip's delay")
        let entry = try live.lastEntry()
        #expect(entry.string("outcome") == "clientAborted")
        #expect(entry.object("abort")?.string("phase") == "response")
        #expect(entry.object("abort")?.string("cause") == "clientClosed")
    }

    @Test func aLiveFeedReaderThatClosesIsNoticedBeforeTheNextHeartbeat() throws {
        let live = try LiveServer()
        do {
            let connection = try RawConnection(port: live.port)
            try connection.send("GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.readResponse(forHead: true)?.status == 200)
            #expect(live.server.openConnections == 1)
        }
        #expect(DelayedResponseDisconnectTests.allClosed(live, within: 10), "the feed kept the connection until it next wrote")
    }
}

import BoomerangExchange
import BoomerangRuntime
import BoomerangTesting
import Foundation
import Synchronization
import Testing

@testable import BoomerangServer

#if canImport(Glibc)
import Glibc
#endif

/// The robustness catalogue's connection rows (§3.9) that need a silent, slow or vanishing client,
/// over real sockets: the server closes the connection (or notices the client's close), holds
/// nothing for it afterwards, and serves the next client. Timeouts are set short and every wait
/// is a guard many times longer than them, never a measured time.
@Suite struct SlowAndVanishingClientTests {
    static let host = "Host: 127.0.0.1\r\n"

    static func expectServing(_ live: LiveServer) throws {
        #expect(try live.fetch("/get").status == 200, "server stopped serving")
    }

    /// Sends `prefix`, then one byte of `filler` after each 50 ms without an answer, until the
    /// server answers or closes; returns the answer. Nil when the client was still sending when
    /// the guard of `seconds` passed (an answer only after it stops proves nothing).
    static func dribble(_ connection: RawConnection, _ prefix: String, filler: UInt8, guardSeconds seconds: Double = 30) throws
        -> (response: TestResponse?, sent: Int)
    {
        let bytes = Array(prefix.utf8)
        connection.setTimeout(0.05)
        let end = Date().addingTimeInterval(seconds)
        var sent = 0
        while true {
            guard Date() < end else { return (nil, sent) }
            guard (try? connection.send([sent < bytes.count ? bytes[sent] : filler])) != nil else { break }
            sent += 1
            if let response = try connection.readResponse() { return (response, sent) }
        }
        // The server closed while the client sent: its answer may still be on the way.
        connection.setTimeout(5)
        return (try connection.readResponse(), sent)
    }

    /// Robustness K01: a client that connects and sends nothing is closed at the idle timeout,
    /// with no answer (there is no request to answer). The header deadline is far away, so only
    /// the idle timeout can close it.
    @Test func aSilentConnectionIsClosedAtTheIdleTimeout() throws {
        let live = try LiveServer {
            $0.idleTimeout = 0.5
            $0.headerTimeout = 600
        }
        let connection = try RawConnection(port: live.port)
        let received = try #require(connection.bytesUntilClosed(within: 30), "still open 30 s after a 0.5 s idle timeout")
        #expect(received.isEmpty, "\(String(decoding: received, as: UTF8.self))")
        #expect(DelayedResponseDisconnectTests.allClosed(live))
        try Self.expectServing(live)
    }

    /// Robustness K02 (slowloris): a head dribbled a byte every 50 ms, never idle for long, is
    /// still cut at the header deadline counted from its first byte: 408, then close. A deadline
    /// that each byte pushed back would let it dribble past the 30 s guard.
    @Test func aHeadDribbledByteByByteGets408AtTheHeaderDeadline() throws {
        let live = try LiveServer {
            $0.headerTimeout = 0.5
            $0.idleTimeout = 600
        }
        let connection = try RawConnection(port: live.port)
        let (response, sent) = try Self.dribble(connection, "GET /get HTTP/1.1\r\n\(Self.host)X-Slow: ", filler: UInt8(ascii: "a"))
        let answer = try #require(response, "no answer after \(sent) bytes dribbled")
        #expect(answer.status == 408)
        #expect(answer.errorCode == "headerTimeout")
        #expect(answer.header("Connection") == "close")
        #expect(connection.closedByServer(within: 10))
        #expect(DelayedResponseDisconnectTests.allClosed(live))
        try Self.expectServing(live)
    }

    /// Robustness K03 (slow body): a body that keeps arriving, a byte every 50 ms (about 20 B/s),
    /// under the minimum rate of 1000 B/s is cut once the grace period is over: 408
    /// `bodyTooSlow`, then close.
    @Test func aBodyTrickledUnderTheMinimumRateGets408() throws {
        let live = try LiveServer {
            $0.bodyRateGracePeriod = 0.5
            $0.minBodyBytesPerSecond = 1000
            $0.idleTimeout = 600
        }
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Type: text/plain\r\nContent-Length: 10000000\r\n\r\n")
        let (response, sent) = try Self.dribble(connection, "", filler: UInt8(ascii: "z"))
        let answer = try #require(response, "no answer after \(sent) body bytes trickled")
        #expect(answer.status == 408)
        #expect(answer.errorCode == "bodyTooSlow")
        #expect(answer.header("Connection") == "close")
        #expect(connection.closedByServer(within: 10))
        #expect(DelayedResponseDisconnectTests.allClosed(live))
        try Self.expectServing(live)
    }

    /// A client socket with a small receive buffer, so that the server's writes stop as soon as
    /// the client stops reading, or reads slowly.
    static func smallWindowSocket(_ live: LiveServer) throws -> Int32 {
        try LoopbackSocket.connect(port: live.port) { fd in
            var size: Int32 = 4096
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads one byte at a time until the head has arrived; its status, or nil.
    static func readHead(_ fd: Int32) -> Int? {
        var tv = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard recv(fd, &byte, 1, 0) == 1 else { return nil }
            head.append(byte)
        }
        return Int(String(decoding: head.dropFirst(9).prefix(3), as: UTF8.self))
    }

    /// Robustness K04 (slow read): a client that reads a 10 MB body ten bytes a second through a
    /// small receive window lets the server's writes make no progress; the server drops it at the
    /// write timeout while it is still reading, records why, and serves others. (What a reader
    /// that does not read holds in the server is bounded in `SlowReaderLiveTests`.)
    @Test func aReaderThatReadsAByteAtATimeIsDroppedAtTheWriteTimeout() throws {
        let live = try LiveServer { $0.writeTimeout = 1 }
        let fd = try Self.smallWindowSocket(live)
        defer { close(fd) }
        Self.send(fd, Array("GET /range/10000000 HTTP/1.1\r\n\(Self.host)\r\n".utf8))
        #expect(Self.readHead(fd) == 200)
        #expect(live.server.openConnections == 1)
        var read = 0
        var byte: UInt8 = 0
        let end = Date().addingTimeInterval(60)
        while live.server.openConnections > 0 && Date() < end {
            if recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 1 { read += 1 }
            usleep(100_000)
        }
        #expect(live.server.openConnections == 0, "the slow reader is still served after \(read) bytes")
        #expect(read < 10_000_000)
        let entries = try live.waitForEntries(1, timeout: 15)
        #expect(entries.first?.string("outcome") == "clientAborted")
        #expect(try live.lastEntry().object("abort")?.string("cause") == "writeTimeout")
        try Self.expectServing(live)
    }

    /// Robustness K06: uploads cut at several offsets into a 1 MB body, by FIN and by RST: no
    /// answer, no connection left, every one that the history records recorded as aborted by the
    /// client (by FIN, every one is recorded), and the server serving.
    @Test(arguments: [false, true])
    func uploadsCutMidBodyAreForgottenAndRecordedAsAborted(reset: Bool) throws {
        let live = try LiveServer()
        let cuts = [0, 10, 1000, 100_000]
        let head = "POST /post HTTP/1.1\r\n\(Self.host)Content-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n"
        for cut in cuts {
            let connection = try RawConnection(port: live.port)
            try connection.send(Array(head.utf8) + [UInt8](repeating: 0x61, count: cut))
            if reset {
                connection.resetOnRelease()
            } else {
                connection.shutdownWrite()
                let received = try #require(connection.bytesUntilClosed(within: 30), "upload cut at \(cut): never closed")
                #expect(received.isEmpty, "upload cut at \(cut) was answered: \(String(decoding: received.prefix(200), as: UTF8.self))")
            }
        }
        #expect(DelayedResponseDisconnectTests.allClosed(live))
        let entries = try live.waitForEntries(cuts.count, timeout: reset ? 1 : 15)
        if !reset { #expect(entries.count == cuts.count) }
        #expect(entries.allSatisfy { $0.string("outcome") == "clientAborted" }, "\(entries.map { $0.string("outcome") ?? "nil" })")
        try Self.expectServing(live)
    }

    /// Robustness K07: a client that closes (plainly, or with a reset) while a 4 MiB echo is
    /// being sent to it: no SIGPIPE, the server keeps no connection for it, and the next client is
    /// served. A small receive window keeps most of the echo in the server when the client goes,
    /// and the write timeout is far away, so only noticing the close frees the connection.
    @Test(arguments: [false, true])
    func aClientThatClosesDuringALargeEchoIsForgotten(reset: Bool) throws {
        let live = try LiveServer { $0.writeTimeout = 600 }
        let fd = try Self.smallWindowSocket(live)
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 4 << 20)
        Self.send(fd, Array("POST /post HTTP/1.1\r\n\(Self.host)Content-Type: text/plain\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        #expect(Self.readHead(fd) == 200)
        if reset {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(fd)
        #expect(DelayedResponseDisconnectTests.allClosed(live), "the server kept the connection")
        // Recorded as answered when it was made, then amended when the connection closed with
        // most of it unsent.
        let entries = try live.waitForEntries(1, timeout: 15)
        #expect(entries.count == 1)
        let entry = try live.lastEntry()
        #expect(entry.int("status") == 200)
        #expect(entry.string("outcome") == "clientAborted")
        #expect(entry.object("abort")?.string("phase") == "response")
        #expect(entry.object("abort")?.string("cause") == "clientClosed")
        let sent = try #require(entry.int("responseBytes"))
        #expect(sent > 0 && sent < body.count, "\(sent) bytes of the echo recorded as sent")
        #expect(entry.object("response")?.int("bytes") == sent)
        #expect(try live.listed("?outcome=clientAborted").count == 1)
        try Self.expectServing(live)
    }
}

extension SlowAndVanishingClientTests {
    /// The threads a handler and its stream ran on.
    final class ThreadLog: Sendable {
        private let threads = Locked<(handler: pthread_t?, pulls: [pthread_t])>((nil, []))
        /// How many pieces the test has let the stream send.
        let released = Atomic<Int>(0)

        func handlerRan() { threads.withLock { $0.handler = pthread_self() } }
        func pulled() { threads.withLock { $0.pulls.append(pthread_self()) } }
        var handler: pthread_t? { threads.withLock { $0.handler } }
        var pulls: [pthread_t] { threads.withLock { $0.pulls } }
    }

    /// Sends one piece each time the test releases one, and waits (for a wake) in between.
    struct ReleasedStream: ResponseBodyStream {
        let log: ThreadLog
        let wakers: WakerBox
        let pieces: Int
        var sent = 0
        var contentLength: Int? { nil }

        mutating func attach(waker: ConnectionWaker) {
            wakers.store(waker)
        }

        mutating func next(now: UInt64) -> ResponseBodyStep {
            log.pulled()
            if sent == pieces { return .end() }
            guard sent < log.released.load(ordering: .acquiring) else { return .wait(until: nil) }
            sent += 1
            return .bytes(Array("piece \(sent)\n".utf8))
        }
    }

    /// Robustness K12: no reply is ever made from a thread other than the connection's loop.
    /// Other threads can only wake a connection; eight threads waking it at once, three times,
    /// make it pull its stream on the thread its handler ran on, never on theirs. (The
    /// ThreadSanitizer run, `make sanitize-thread`, checks the rest under load.)
    @Test func wakesFromOtherThreadsArePulledOnTheLoopThread() throws {
        let log = ThreadLog()
        let wakers = WakerBox()
        let live = try ScriptedServer { _ in
            log.handlerRan()
            var response = Response(status: 200)
            response.bodyStream = ReleasedStream(log: log, wakers: wakers, pieces: 3)
            return response
        }
        let client = try ByteClient(port: live.port)
        try client.send("GET /feed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.read(untilContains: "\r\n\r\n").hasPrefix("HTTP/1.1 200 OK"))
        #expect(wakers.isAttached)
        var received = ""
        for piece in 1...3 {
            log.released.store(piece, ordering: .releasing)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in wakers.wake() }
            received += client.read(untilContains: "piece \(piece)\n", idleSeconds: 30)
        }
        received += client.read(untilContains: "0\r\n\r\n", idleSeconds: 30)
        #expect(received.contains("piece 1\n") && received.contains("piece 2\n") && received.contains("piece 3\n"))
        #expect(received.hasSuffix("0\r\n\r\n"))
        let handler = try #require(log.handler)
        #expect(pthread_equal(handler, pthread_self()) == 0)
        let pulls = log.pulls
        #expect(pulls.count >= 4)
        #expect(pulls.allSatisfy { pthread_equal($0, handler) != 0 }, "a stream was pulled off its loop thread")
    }
}

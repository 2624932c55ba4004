import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

/// Streamed bodies, wakes from another thread, upgrades and a client's reset over a real socket,
/// on the transport alone.
@Suite struct ConnectionStreamLiveTests {
    /// Sends `count` pieces `interval` apart, then ends with a trailer.
    struct Drip: ResponseBodyStream {
        let count: Int
        let intervalNanoseconds: UInt64
        var sent = 0
        var nextAt: UInt64 = 0
        var contentLength: Int? { nil }

        mutating func next(now: UInt64) -> ResponseBodyStep {
            guard sent < count else { return .end(trailers: ["X-Pieces": "\(count)"]) }
            if now < nextAt { return .wait(until: nextAt) }
            sent += 1
            nextAt = now + intervalNanoseconds
            return .bytes(Array("piece \(sent)\n".utf8))
        }
    }

    @Test func aChunkedStreamWithWaitsReachesCurlWhole() throws {
        let live = try TransportServer { _ in
            var response = Response(status: 200, headers: ["Content-Type": "text/plain"])
            response.bodyStream = Drip(count: 3, intervalNanoseconds: 100_000_000)
            return response
        }
        let started = Date()
        let curl = try ExternalTool.run("curl", ["-s", "-D", "/dev/stderr", "http://127.0.0.1:\(live.port)/drip"])
        #expect(curl.status == 0)
        #expect(String(decoding: curl.stdout, as: UTF8.self) == "piece 1\npiece 2\npiece 3\n")
        #expect(curl.stderr.lowercased().contains("transfer-encoding: chunked"))
        #expect(Date().timeIntervalSince(started) >= 0.2)
    }

    @Test func aStreamWokenFromAnotherThreadSendsAtOnce() throws {
        let wakers = WakerBox()
        let live = try TransportServer { _ in
            var response = Response(status: 200)
            response.bodyStream = ScriptedStream([.wait(until: nil), .bytes(Array("woken".utf8)), .end()], wakers: wakers)
            return response
        }
        let client = try ByteClient(port: live.port)
        try client.send("GET /feed HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = client.read(untilContains: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        let quiet = client.read(until: { !$0.isEmpty }, idleSeconds: 0.3)
        #expect(quiet.bytes.isEmpty)
        #expect(wakers.isAttached)
        Thread.detachNewThread { wakers.wake() }
        let rest = client.read(untilContains: "0\r\n\r\n")
        #expect(rest == "5\r\nwoken\r\n0\r\n\r\n")
    }

    @Test func anUpgradedConnectionEchoesRawBytes() throws {
        let live = try TransportServer { _ in
            var response = Response(status: 101, headers: ["Upgrade": "echo", "Connection": "Upgrade"])
            response.upgrade = EchoUpgrade()
            return response
        }
        let client = try ByteClient(port: live.port)
        try client.send("GET /echo HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\nearly")
        let greeting = client.read(untilContains: "early")
        #expect(greeting.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(greeting.hasSuffix("\r\n\r\nready\nearly"))
        try client.send("ping")
        #expect(client.read(untilContains: "ping") == "ping")
        #expect(client.read(untilContains: "tick\n") == "tick\n")
        try client.send("bye")
        let last = client.readToEnd()
        #expect(String(decoding: last.bytes, as: UTF8.self) == "bye")
        #expect(last.ending == .closed)
    }

    @Test func aClientThatResetsDuringADelayIsForgottenAtOnce() throws {
        let answered = Locked(false)
        let live = try TransportServer { _ in
            answered.withLock { $0 = true }
            var response = Response(status: 200)
            response.delayMilliseconds = 5000
            return response
        }
        let client = try ByteClient(port: live.port)
        try client.send("GET /delayed HTTP/1.1\r\nHost: x\r\n\r\n")
        for _ in 0..<250 where !answered.withLock({ $0 }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        // The response is held back for its delay now.
        #expect(answered.withLock { $0 })
        var open = live.openConnections
        #expect(open == 1)
        client.resetNow()
        for _ in 0..<50 where open > 0 {
            Thread.sleep(forTimeInterval: 0.02)
            open = live.openConnections
        }
        #expect(open == 0)
    }
}

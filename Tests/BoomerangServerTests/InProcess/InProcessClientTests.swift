import BoomerangSamples
import BoomerangTesting
import Foundation
import Testing

/// The in-process client itself: what a connection driven without sockets must do as a libevent
/// loop does it, on the manual clock, and the same bytes as over a socket.
@Suite struct InProcessClientTests {
    static let second: UInt64 = 1_000_000_000

    @Test func keepAliveAndPipelinedRequestsAreAnsweredInOrder() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /status/201 HTTP/1.1\r\nHost: x\r\n\r\nGET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 201)
        #expect(try connection.readResponse()?.status == 202)
        #expect(try connection.request("/status/203").status == 203)
        #expect(!connection.serverEnded)
    }

    @Test func aDripTakesItsDurationOnTheManualClockAndNoWallTime() throws {
        let server = InProcessServer()
        let started = (manual: server.clock.now, wall: ContinuousClock.now)
        let response = try server.fetch("/drip?duration=5&numbytes=5&delay=0")
        #expect(response.text == "*****")
        #expect(server.clock.now - started.manual == 5 * Self.second)
        #expect(ContinuousClock.now - started.wall < .seconds(2), "a five-second drip waited in real time")
    }

    @Test func aResponseDelayHoldsTheAnswerOnTheManualClock() throws {
        let server = InProcessServer()
        let started = server.clock.now
        let response = try server.fetch("/get", headers: [("x-set-response-delay-ms", "1500")])
        #expect(response.status == 200)
        #expect(server.clock.now - started == 1_500_000_000)
    }

    @Test func aResetFaultEndsTheConnectionWithoutAnAnswer() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /get?x-set-response-fault=reset HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse() == nil)
        #expect(connection.end == .reset)
    }

    @Test func aCloseMidBodyLeavesATruncatedResponseThenLingers() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /get?x-set-response-fault=close-mid-body:10 HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(Int(response.header("Content-Length") ?? "") ?? 0 > 10)
        #expect(response.body.count == 10)
        #expect(!response.isComplete)
        // The lingering close: the write side is shut at once, the socket closed at the linger
        // timeout (2 s) when the client does not close first.
        #expect(connection.end == .shutdownWrite)
        server.advance(seconds: 1.9)
        #expect(!connection.isClosed)
        server.advance(seconds: 0.1)
        #expect(connection.isClosed)
    }

    @Test func expectContinueGetsTheInterimAnswerBeforeTheBody() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.readResponse()?.status == 100)
        try connection.send("hello")
        let response = try #require(try connection.readResponse())
        #expect(response.json?["data"] as? String == "hello")
    }

    @Test func aChunkedBodySentInPiecesIsReadWhole() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
        for piece in ["5\r\nhello\r\n", "1\r\n", " \r\n6\r\nw", "orld!\r\n", "0\r\n\r\n"] { try connection.send(piece) }
        let response = try #require(try connection.readResponse())
        #expect(response.json?["data"] as? String == "hello world!")
    }

    @Test func aLargeBodyFedInPiecesIsCountedAndHashed() throws {
        let server = InProcessServer()
        let body = SplitMix64.bytes(3 << 20, seed: 24)
        let connection = server.connect()
        try connection.send("PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 100_000) {
            try connection.send(Array(body[start..<min(start + 100_000, body.count)]))
        }
        let json = try #require(try connection.readResponse()?.json)
        #expect((json["bytes_received"] as? NSNumber)?.intValue == body.count)
        #expect(json["sha256"] as? String == EchoFixtures.sha256(body))
    }

    @Test func theIdleTimeoutClosesTheConnectionWhenTheManualClockReachesIt() throws {
        let server = InProcessServer { $0.idleTimeout = 30 }
        let connection = server.connect()
        #expect(try connection.request("/get").status == 200)
        server.advance(seconds: 29.9)
        #expect(!connection.serverEnded)
        server.advance(seconds: 0.1)
        #expect(connection.serverEnded)
        #expect(connection.takeReceived().isEmpty)
    }

    @Test func aConnectionOverTheCapIsAnswered503AndClosed() throws {
        let server = InProcessServer { $0.maxConnections = 1 }
        let first = server.connect()
        let second = server.connect()
        #expect(try second.readResponse()?.status == 503)
        #expect(second.isClosed)
        #expect(try first.request("/get").status == 200)
        #expect(server.openConnections == 1)
    }

    /// Requests whose answers depend on nothing that changes from one server to another but the
    /// date; each closes the connection, so that a socket client reads an unframed body to its end.
    static let sameEverywhere = [
        "GET /status/418 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /bytes/64?seed=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /chunked/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /stream-bytes/50?seed=2&chunk_size=20 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "HEAD /robots.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /redirect/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /status/abc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /status/418 HTTP/1.0\r\n\r\n",
    ]

    @Test(arguments: sameEverywhere)
    func theBytesAreTheSameAsOverASocket(request: String) throws {
        let inProcess = try InProcessServer().send(request)
        let live = try LiveServer().send(request)
        #expect(Self.dateless(inProcess.raw) == Self.dateless(live.raw))
        #expect(inProcess.status == live.status)
    }

    /// `bytes` without the value of the `Date` field.
    static func dateless(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "\r\nDate: [^\r]*\r\n", with: "\r\nDate: -\r\n", options: .regularExpression)
    }
}

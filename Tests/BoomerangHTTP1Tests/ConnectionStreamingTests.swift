import BoomerangExchange
import BoomerangSerialization
import BoomerangTesting
import Testing

@testable import BoomerangEcho
@testable import BoomerangHTTP1

/// Streamed response bodies: framing, waits, wakes and backpressure.
@Suite struct ConnectionStreamingTests {
    typealias H = ConnectionHarness

    static func harness(_ stream: any ResponseBodyStream, status: Int = 200) -> H {
        H.responding { _, _ in
            var response = Response(status: status)
            response.bodyStream = stream
            return response
        }
    }

    static let get = "GET /s HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func knownLengthIsSentWithContentLengthAndKeepsTheConnection() {
        let stream = ScriptedStream([.bytes([UInt8]("hello ")), .bytes([UInt8]("world"))], contentLength: 11)
        var h = Self.harness(stream)
        _ = h.start()
        #expect(h.receive(Self.get) == [.send])
        _ = h.send()
        let response = h.takeResponses().first
        #expect(response?.headers["content-length"] == "11")
        #expect(response?.headers["transfer-encoding"] == nil)
        #expect(response?.text == "hello world")
        // The announced length is reached: the stream is not asked for its end.
        #expect(stream.pulls.value == 2)
        #expect(h.services.completed.count == 1)
        _ = h.receive(Self.get)
        #expect(h.machine.hasPendingOutput)
    }

    @Test func unknownLengthIsChunkedWithTrailersOnHTTP11() {
        let stream = ScriptedStream([.bytes([UInt8]("a")), .bytes([UInt8]("bc")), .end(trailers: ["X-Sum": "3"])])
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive(Self.get)
        _ = h.send()
        #expect(h.wireText.hasSuffix("\r\n\r\n1\r\na\r\n2\r\nbc\r\n0\r\nX-Sum: 3\r\n\r\n"))
        let response = h.takeResponses().first
        #expect(response?.headers["transfer-encoding"] == "chunked")
        #expect(response?.text == "abc")
        #expect(response?.trailers["x-sum"] == "3")
        #expect(!h.isClosed)
    }

    @Test func unknownLengthOnHTTP10EndsWithTheClose() {
        let stream = ScriptedStream([.bytes([UInt8]("abc"))])
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive("GET /s HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wireText.hasPrefix("HTTP/1.1 200 OK\r\n"))
        let response = h.takeResponses().first
        #expect(response?.headers["connection"] == "close")
        #expect(response?.headers["content-length"] == nil && response?.headers["transfer-encoding"] == nil)
        #expect(response?.text == "abc")
    }

    @Test func aWaitArmsTheTimerAndTheStreamIsPulledAgainThen() {
        var h = H()
        let resume = h.now + 200 * H.ms
        let stream = ScriptedStream([.bytes([UInt8]("1")), .wait(until: resume), .bytes([UInt8]("2"))])
        h = Self.harness(stream)
        _ = h.start()
        #expect(h.receive(Self.get) == [.send, .armTimer(at: resume)])
        _ = h.send()
        #expect(stream.pulls.value == 2)
        #expect(h.advance(to: resume - 1).isEmpty == false)
        #expect(stream.pulls.value == 2)
        #expect(h.advance(to: resume).first == .send)
        _ = h.send()
        #expect(h.takeResponses().first?.text == "12")
    }

    @Test func theStreamIsNotPulledWhileMoreThanTheRefillMarkIsQueued() {
        let stream = EndlessStream(pieceSize: 512 << 10)
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive(Self.get)
        // Head plus one piece is over the refill mark (64 KiB): pulling stops there, so a slow
        // reader holds one piece, not a megabyte.
        #expect(stream.pulls.value == 1)
        _ = h.send(limit: 100)
        #expect(stream.pulls.value == 1)
        _ = h.send(limit: 512 << 10)
        #expect(stream.pulls.value == 2)
        #expect(h.machine.output.count >= h.configuration.streamRefillBytes)
        #expect(h.machine.output.count < (512 << 10) + h.configuration.streamRefillBytes)
    }

    @Test func aWakerMakesTheConnectionPullBeforeAnyTime() {
        let wakers = WakerBox()
        let stream = ScriptedStream([.wait(until: nil), .bytes([UInt8]("news")), .end()], wakers: wakers)
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive(Self.get)
        _ = h.send()
        #expect(wakers.isAttached)
        #expect(stream.pulls.value == 1)
        #expect(h.advance(milliseconds: 10_000).contains(.send) == false)
        #expect(stream.pulls.value == 1)
        wakers.wake()
        #expect(h.wakeTarget.woken.withLock { $0 } == [7])
        #expect(h.woken().first == .send)
        _ = h.send()
        #expect(h.takeResponses().first?.text == "news")
    }

    @Test func headRequestsAndBodilessStatusesDoNotPullTheStream() {
        let stream = ScriptedStream([.bytes([UInt8]("never"))], contentLength: 5)
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive("HEAD /s HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = h.send()
        #expect(h.wireText.hasSuffix("Content-Length: 5\r\n\r\n"))
        let noContent = ScriptedStream([.bytes([UInt8]("never"))])
        var bodiless = Self.harness(noContent, status: 204)
        _ = bodiless.start()
        _ = bodiless.receive(Self.get)
        #expect(stream.pulls.value == 0 && noContent.pulls.value == 0)
    }

    @Test func aStreamShorterThanItsLengthClosesTheConnection() {
        let stream = ScriptedStream([.bytes([UInt8]("abc")), .end()], contentLength: 10)
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
    }

    @Test func aStreamLongerThanItsLengthIsCutAndTheConnectionClosed() {
        let stream = ScriptedStream([.bytes([UInt8]("abcdef"))], contentLength: 2)
        var h = Self.harness(stream)
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wireText.hasSuffix("\r\n\r\nab"))
    }

    @Test func anEmptyPieceYieldsToTheLoop() {
        let stream = ScriptedStream([.bytes([]), .bytes([UInt8]("x"))])
        var h = Self.harness(stream)
        _ = h.start()
        #expect(h.receive(Self.get) == [.send, .armTimer(at: h.now)])
        #expect(h.advance(milliseconds: 0).isEmpty == false)
        _ = h.sendAll()
        #expect(h.takeResponses().first?.text == "x")
    }
}

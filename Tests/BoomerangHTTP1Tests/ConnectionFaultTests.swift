import BoomerangExchange
import BoomerangSerialization
import BoomerangTesting
import Testing

@testable import BoomerangHTTP1

/// Transport faults on purpose: what reaches the wire, and how the connection ends.
@Suite struct ConnectionFaultTests {
    typealias H = ConnectionHarness

    /// Answers `/plain` normally and everything else with `fault` on an 11-byte body.
    static func harness(_ fault: TransportFault, stream: (any ResponseBodyStream)? = nil, delay: Int = 0) -> H {
        H.responding { context, _ in
            var response = Response(status: 200, headers: ["Content-Type": "text/plain"], body: [UInt8]("hello world"))
            guard context.head.target != "/plain" else { return response }
            response.fault = fault
            response.bodyStream = stream
            response.delayMilliseconds = delay
            return response
        }
    }

    static let get = "GET /f HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func resetSendsNothingAndResetsAtOnce() {
        var h = Self.harness(.reset)
        _ = h.start()
        #expect(h.receive(Self.get) == [.reset])
        #expect(h.wire.isEmpty)
        #expect(h.services.completed.map(\.status) == [200])
    }

    @Test func resetComesAfterTheResponsesQueuedBeforeIt() {
        var h = Self.harness(.reset)
        _ = h.start()
        #expect(h.receive("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n" + Self.get) == [.send, .pauseReading])
        #expect(h.send() == [.reset])
        #expect(h.takeResponses().map(\.text) == ["hello world"])
    }

    @Test func resetAfterTheDelay() {
        var h = Self.harness(.reset, delay: 300)
        _ = h.start()
        #expect(h.receive(Self.get) == [.armTimer(at: h.now + 300 * H.ms)])
        #expect(h.advance(milliseconds: 300) == [.reset])
    }

    @Test func closeAfterHeadersSendsTheHeadAloneThenLingers() {
        var h = Self.harness(.closeAfterHeaders)
        _ = h.start()
        #expect(h.receive(Self.get) == [.send, .pauseReading])
        #expect(h.send() == [.shutdownWrite, .resumeReading, .armTimer(at: h.now + 2 * H.second)])
        #expect(h.wireText.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(h.wireText.hasSuffix("Content-Length: 11\r\nConnection: close\r\n\r\n"))
    }

    @Test func closeMidBodySendsThatManyBodyBytes() {
        var h = Self.harness(.closeMidBody(afterBytes: 5))
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wireText.hasSuffix("Content-Length: 11\r\nConnection: close\r\n\r\nhello"))
    }

    @Test func closeMidBodyOfAStreamCutsItAfterThatManyBytes() {
        let stream = ScriptedStream([.bytes([UInt8]("abc")), .bytes([UInt8]("defgh")), .bytes([UInt8]("ij"))])
        var h = Self.harness(.closeMidBody(afterBytes: 5), stream: stream)
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wireText.hasSuffix("chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n2\r\nde\r\n"))
        #expect(stream.pulls.value == 2)
    }

    @Test func malformedChunkFollowsAChunkedHead() {
        var h = Self.harness(.malformedChunk)
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wireText.hasSuffix("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nZ\r\nthis chunk size is not hexadecimal\r\n"))
    }

    @Test func garbageIsSentInsteadOfAResponse() {
        var h = Self.harness(.garbage())
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.send().first == .shutdownWrite)
        #expect(h.wire == TransportFault.defaultGarbage)
    }

    @Test func stallSendsNothingUntilTheIdleTimeout() {
        var h = Self.harness(.stall)
        _ = h.start()
        #expect(h.receive(Self.get) == [])
        #expect(!h.machine.hasPendingOutput)
        #expect(h.advance(milliseconds: 14_999) == [.armTimer(at: h.now + H.ms)])
        #expect(h.advance(milliseconds: 1) == [.close])
        #expect(h.wire.isEmpty)
    }

    @Test func stallEndsWhenTheClientGivesUp() {
        var h = Self.harness(.stall)
        _ = h.start()
        _ = h.receive(Self.get)
        #expect(h.peerClosed() == [.close])
    }

    @Test func aStreamCanBreakItselfMidBody() {
        let stream = ScriptedStream([.bytes([UInt8]("abc")), .fault(.reset), .bytes([UInt8]("never"))])
        var response = Response(status: 200)
        response.bodyStream = stream
        var h = H.responding { _, _ in response }
        _ = h.start()
        #expect(h.receive(Self.get) == [.send, .pauseReading])
        #expect(h.send() == [.reset])
        #expect(h.wireText.hasSuffix("\r\n\r\n3\r\nabc\r\n"))
        #expect(stream.pulls.value == 2)
    }

    @Test func aStreamCanSendGarbageOrStallMidBody() {
        var garbageResponse = Response(status: 200)
        garbageResponse.bodyStream = ScriptedStream([.bytes([UInt8]("ok")), .fault(.garbage([UInt8]("%%%")))])
        var garbage = H.responding { _, _ in garbageResponse }
        _ = garbage.start()
        _ = garbage.receive(Self.get)
        #expect(garbage.send().first == .shutdownWrite)
        #expect(garbage.wireText.hasSuffix("2\r\nok\r\n%%%"))
        var stallResponse = Response(status: 200)
        stallResponse.bodyStream = ScriptedStream([.bytes([UInt8]("ok")), .fault(.stall)])
        var stall = H.responding { _, _ in stallResponse }
        _ = stall.start()
        _ = stall.receive(Self.get)
        _ = stall.send()
        #expect(stall.wireText.hasSuffix("2\r\nok\r\n"))
        #expect(stall.advance(milliseconds: 15_000) == [.close])
    }

    @Test func faultNamesAreStable() {
        let names = [TransportFault.reset, .closeAfterHeaders, .closeMidBody(afterBytes: 100), .malformedChunk, .stall].map(\.description)
        #expect(names == ["reset", "close-after-headers", "close-mid-body(100)", "malformed-chunk", "stall"])
    }
}

import BoomerangExchange
import Foundation
import Testing

@testable import BoomerangHTTP1

/// Deadlines and the basic exchange of the connection state machine, with a manual clock.
@Suite struct ConnectionStateMachineTests {
    typealias H = ConnectionHarness
    static let get = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func startReadsAndArmsTheIdleDeadline() {
        var h = H()
        #expect(h.start() == [.resumeReading, .armTimer(at: h.now + 15 * H.second)])
    }

    @Test func aRequestIsAnsweredAndTheConnectionKeptAlive() {
        var h = H()
        _ = h.start()
        #expect(h.receive(Self.get) == [.send])
        #expect(h.send() == [])
        let responses = h.takeResponses()
        #expect(responses.map(\.status) == [200])
        #expect(responses.first?.text == "GET /a")
        #expect(responses.first?.headers["connection"] == nil)
        #expect(h.services.completed.map(\.status) == [200])
        #expect(!h.isClosed)
    }

    @Test func idleConnectionClosesAtTheIdleTimeoutCountedFromTheLastByteSent() {
        var h = H()
        _ = h.start()
        _ = h.receive(Self.get)
        // The socket takes the response 5 s later: the idle clock starts then.
        h.now += 5 * H.second
        _ = h.send()
        #expect(h.advance(milliseconds: 10_000) == [.armTimer(at: h.now + 5 * H.second)])
        #expect(h.advance(milliseconds: 4_999) == [.armTimer(at: h.now + H.ms)])
        #expect(h.advance(milliseconds: 1) == [.close])
        #expect(h.isClosed)
    }

    @Test func slowHeadIsAnswered408AtTheHeaderDeadlineThenLingers() {
        var h = H()
        _ = h.start()
        let start = h.now
        #expect(h.receive("GET /a HTTP/1.1\r\nHo") == [.armTimer(at: start + 10 * H.second)])
        #expect(h.advance(milliseconds: 9_999) == [.armTimer(at: start + 10 * H.second)])
        #expect(h.advance(milliseconds: 1) == [.send, .pauseReading, .armTimer(at: h.now + 15 * H.second)])
        #expect(h.send() == [.shutdownWrite, .resumeReading, .armTimer(at: h.now + 2 * H.second)])
        let response = h.takeResponses().first
        #expect(response?.status == 408)
        #expect(response?.headers["connection"] == "close")
        #expect(response?.text.contains("\"headerTimeout\"") == true)
        #expect(h.services.refusals.map(\.status) == [408])
        // Lingering: input is read and dropped until the client closes.
        #expect(h.receive("more") == [])
        #expect(h.peerClosed() == [.close])
    }

    @Test func lingeringEndsAtTheLingerTimeout() {
        var h = H()
        _ = h.start()
        _ = h.receive("GET /a b HTTP/1.1\r\n\r\n")
        _ = h.send()
        #expect(h.takeResponses().first?.status == 400)
        #expect(h.advance(milliseconds: 1_999) == [.armTimer(at: h.now + H.ms)])
        #expect(h.advance(milliseconds: 1) == [.close])
    }

    @Test func slowBodyIs408AfterTheGracePeriod() {
        var h = H { $0.minBodyBytesPerSecond = 1000 }
        _ = h.start()
        let start = h.now
        #expect(h.receive("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc") == [.armTimer(at: start + 10 * H.second)])
        #expect(h.advance(milliseconds: 10_000).first == .send)
        _ = h.send()
        let response = h.takeResponses().first
        #expect(response?.status == 408)
        #expect(response?.text.contains("\"bodyTooSlow\"") == true)
    }

    @Test func bodyAtTheMinimumRateIsNotTimedOut() {
        var h = H { $0.minBodyBytesPerSecond = 1000 }
        _ = h.start()
        _ = h.receive("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n")
        for second in 0..<20 {
            _ = h.receive(Array(repeating: 0x61, count: 1000))
            if second < 19 {
                #expect(!h.advance(milliseconds: 1000).contains(.send))
            }
        }
        _ = h.send()
        #expect(h.takeResponses().map(\.status) == [200])
    }

    @Test func writeTimeoutClosesWhenNoOutputMoves() {
        var h = H()
        _ = h.start()
        #expect(h.receive(Self.get) == [.send])
        #expect(h.send(limit: 10) == [])
        #expect(h.advance(milliseconds: 14_000) == [.armTimer(at: h.now + H.second)])
        #expect(h.send(limit: 10) == [])
        // Progress moved the deadline to 15 s after the last byte taken.
        #expect(h.advance(milliseconds: 1_000) == [.armTimer(at: h.now + 14 * H.second)])
        #expect(h.advance(milliseconds: 14_000) == [.close])
    }

    @Test func connectionCloseIsHonouredWithALingeringClose() {
        var h = H()
        _ = h.start()
        #expect(h.receive("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /b HTTP/1.1\r\n") == [.send, .pauseReading])
        #expect(h.send() == [.shutdownWrite, .resumeReading, .armTimer(at: h.now + 2 * H.second)])
        let responses = h.takeResponses()
        #expect(responses.map(\.status) == [200])
        #expect(responses.first?.headers["connection"] == "close")
    }

    @Test func truncatedRequestAtEndOfInputIsAbortedWithoutAnAnswer() {
        var h = H()
        _ = h.start()
        _ = h.receive("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
        #expect(h.peerClosed() == [.close])
        #expect(h.wire.isEmpty)
        #expect(h.services.refusals.map(\.reason) == ["aborted POST /p"])
    }

    @Test func everyRequestOfOnePacketIsAnsweredInOrder() {
        var h = H()
        _ = h.start()
        let requests = (1...3).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        #expect(h.receive(requests) == [.send])
        _ = h.send()
        #expect(h.takeResponses().map(\.text) == ["GET /1", "GET /2", "GET /3"])
    }

    @Test func aRequestSplitAtEveryByteIsParsedTheSame() {
        var h = H()
        _ = h.start()
        for byte in Array("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8) {
            _ = h.receive([byte])
        }
        _ = h.send()
        #expect(h.takeResponses().map(\.text) == ["POST /p"])
    }

    @Test func timerFiringEarlyOnlyArmsItAgain() {
        var h = H()
        _ = h.start()
        #expect(h.advance(milliseconds: 1) == [.armTimer(at: h.now - H.ms + 15 * H.second)])
        #expect(!h.isClosed)
    }

    /// The heap trimmer hears of a large response when its last byte has left, not when it was
    /// queued: a client that reads it slowly holds its buffers until then.
    @Test func aLargeResponseIsReportedWhenItHasLeftNotWhenItWasQueued() {
        var h = ConnectionHarness.responding { context, _ in
            Response(status: 200, body: [UInt8](repeating: 0x61, count: context.head.target == "/big" ? 300 << 10 : 10))
        }
        _ = h.start()
        _ = h.receive("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        h.send(limit: 100 << 10)
        #expect(h.services.largeOutputs.isEmpty)
        h.sendAll()
        #expect(h.services.largeOutputs.count == 1)
        #expect(h.services.largeOutputs.first ?? 0 > 300 << 10)
        _ = h.receive("GET /small HTTP/1.1\r\nHost: x\r\n\r\n")
        h.sendAll()
        #expect(h.services.largeOutputs.count == 1, "\(h.services.largeOutputs)")
    }
}

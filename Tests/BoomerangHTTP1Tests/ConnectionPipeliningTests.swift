import BoomerangExchange
import BoomerangSerialization
import Testing

@testable import BoomerangHTTP1

/// Pipelining, `100-continue`, draining, peer closes and backpressure in the connection state
/// machine, with a manual clock and no sockets.
@Suite struct ConnectionPipeliningTests {
    typealias H = ConnectionHarness

    /// `/slow` is held back 500 ms, `/big` is 2 MiB, POST bodies are echoed.
    static func harness(configure: (inout ConnectionConfiguration) -> Void = { _ in }) -> H {
        H(configure: configure) { context, body in
            let target = context.head.target
            var response = Response(status: 200, body: Array(target.utf8))
            if target == "/slow" { response.delayMilliseconds = 500 }
            if target == "/big" { response.body = Array(repeating: 0x62, count: 2 << 20) }
            if context.head.method == .post { response.body = body }
            return response
        }
    }

    static func get(_ target: String, _ extra: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n"
    }

    @Test func requestsBehindADelayedResponseAreAnsweredInOrderAfterIt() {
        var h = Self.harness()
        _ = h.start()
        let start = h.now
        #expect(h.receive(Self.get("/slow") + Self.get("/fast")) == [.armTimer(at: start + 500 * H.ms)])
        #expect(h.advance(milliseconds: 499) == [.armTimer(at: start + 500 * H.ms)])
        #expect(h.wire.isEmpty)
        #expect(h.advance(milliseconds: 1) == [.send, .armTimer(at: h.now + 15 * H.second)])
        _ = h.send()
        #expect(h.takeResponses().map(\.text) == ["/slow", "/fast"])
    }

    @Test func pipelinedInputArrivingDuringADelayIsKeptAndAnswered() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/slow"))
        #expect(h.receive(Self.get("/one")) == [])
        #expect(h.receive(Self.get("/two")) == [])
        _ = h.advance(milliseconds: 500)
        _ = h.send()
        #expect(h.takeResponses().map(\.text) == ["/slow", "/one", "/two"])
    }

    @Test func expectContinueGetsTheInterimResponseBeforeTheBody() {
        var h = Self.harness()
        _ = h.start()
        let head = "POST /p HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"
        #expect(h.receive(head) == [.send, .armTimer(at: h.now + 10 * H.second)])
        _ = h.send()
        #expect(h.wireText == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(h.receive("hello") == [.send])
        _ = h.send()
        #expect(h.takeResponses().map(\.status) == [100, 200])
        #expect(h.services.completed.first?.bodyBytes == 5)
    }

    @Test func expectContinueOnHTTP10GetsNoInterimResponse() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive("POST /p HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(h.wire.isEmpty && !h.machine.hasPendingOutput)
    }

    @Test func drainDuringADelayedResponseFinishesItThenClosesWithLinger() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/slow"))
        #expect(h.drain() == [])
        #expect(h.advance(milliseconds: 500) == [.send, .pauseReading, .armTimer(at: h.now + 15 * H.second)])
        #expect(h.send() == [.shutdownWrite, .resumeReading, .armTimer(at: h.now + 2 * H.second)])
        let response = h.takeResponses().first
        #expect(response?.text == "/slow")
        #expect(response?.headers["connection"] == "close")
        #expect(h.peerClosed() == [.close])
    }

    @Test func drainOfAnIdleConnectionClosesAtOnce() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/a"))
        _ = h.send()
        #expect(h.drain() == [.close])
    }

    @Test func drainWhileAResponseIsStillLeavingLingersAfterIt() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/a"))
        #expect(h.drain() == [])
        #expect(h.send() == [.shutdownWrite, .armTimer(at: h.now + 2 * H.second)])
        #expect(h.takeResponses().map(\.text) == ["/a"])
    }

    @Test func errorIsFollowedByALingeringCloseThatDropsInput() {
        var h = Self.harness()
        _ = h.start()
        #expect(h.receive("GET /a b HTTP/1.1\r\nHost: x\r\n\r\n") == [.send, .pauseReading])
        #expect(h.send() == [.shutdownWrite, .resumeReading, .armTimer(at: h.now + 2 * H.second)])
        #expect(h.takeResponses().map(\.status) == [400])
        #expect(h.receive(Self.get("/ignored")) == [])
        #expect(!h.machine.hasPendingOutput)
        #expect(h.peerClosed() == [.close])
        #expect(h.services.refusals.map(\.status) == [400])
    }

    // MARK: Peer closes

    @Test func halfClosedClientStillGetsTheAnswerToItsCompleteRequest() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/big"))
        #expect(h.peerClosed() == [])
        #expect(h.sendAll() == [.close])
        #expect(h.takeResponses().map(\.body.count) == [2 << 20])
    }

    @Test func endOfInputDuringADelayClosesAtOnceWithoutAnswering() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/slow"))
        #expect(h.peerClosed() == [.close])
        #expect(h.isClosed)
        #expect(h.services.refusals.map(\.reason) == ["aborted GET /slow"])
        #expect(h.advance(milliseconds: 500) == [])
        #expect(h.wire.isEmpty && !h.machine.hasPendingOutput)
    }

    @Test func endOfInputDuringADelaySendsTheAnswersQueuedBeforeItThenCloses() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/big") + Self.get("/slow"))
        _ = h.send(limit: (1 << 20) + 1)
        #expect(h.machine.hasPendingOutput)
        _ = h.peerClosed()
        #expect(!h.isClosed)
        #expect(h.sendAll().last == .close)
        #expect(h.takeResponses().map(\.body.count) == [2 << 20])
        #expect(h.services.refusals.map(\.reason) == ["aborted GET /slow"])
    }

    @Test func resetDuringADelayClosesAtOnceWithoutWaitingForTheDelay() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/slow") + Self.get("/next"))
        #expect(h.transportFailed() == [.close])
        #expect(h.isClosed)
        #expect(h.services.refusals.map(\.reason) == ["aborted GET /slow"])
        #expect(h.advance(milliseconds: 500) == [])
        #expect(h.wire.isEmpty && !h.machine.hasPendingOutput)
    }

    @Test func halfCloseAfterPipelinedRequestsAnswersThemAllThenCloses() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/big") + Self.get("/after"))
        #expect(h.peerClosed() == [])
        #expect(h.sendAll() == [.send, .close])
        #expect(h.takeResponses().map(\.status) == [200, 200])
    }

    // MARK: Backpressure

    @Test func readingPausesAboveTheHighWaterMarkAndResumesBelowIt() {
        var h = Self.harness()
        _ = h.start()
        #expect(h.receive(Self.get("/big") + Self.get("/small")) == [.send, .pauseReading])
        #expect(h.send(limit: 512 << 10) == [])
        #expect(h.machine.hasPendingOutput && !h.machine.readingEnabled)
        #expect(h.send(limit: 1 << 20) == [.resumeReading])
        _ = h.sendAll()
        let responses = h.takeResponses()
        #expect(responses.map(\.body.count) == [2 << 20, 6])
    }

    @Test func aSlowDownloadingPipelinerGetsNo408WhileReadingIsPaused() {
        var h = Self.harness()
        _ = h.start()
        _ = h.receive(Self.get("/big") + "GET /small HTTP/1.1\r\nHo")
        // 30 s of slow progress, three times the header timeout.
        for _ in 0..<10 {
            _ = h.advance(milliseconds: 3_000)
            _ = h.send(limit: 100_000)
        }
        #expect(!h.isClosed)
        #expect(h.machine.hasPendingOutput)
        _ = h.sendAll()
        #expect(h.takeResponses().map(\.status) == [200])
        // The head clock starts now that the head is parsed.
        _ = h.advance(milliseconds: 9_000)
        #expect(h.receive("st: x\r\n\r\n") == [.send])
        _ = h.send()
        #expect(h.takeResponses().map(\.text) == ["/small"])
        #expect(h.services.refusals.isEmpty)
    }

    @Test func aSlowDownloadingPipelinerGetsNoBodyRate408WhileReadingIsPaused() {
        var h = Self.harness { $0.minBodyBytesPerSecond = 1000 }
        _ = h.start()
        _ = h.receive(Self.get("/big") + "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 3000\r\n\r\nabc")
        for _ in 0..<10 {
            _ = h.advance(milliseconds: 3_000)
            _ = h.send(limit: 100_000)
        }
        _ = h.sendAll()
        #expect(h.takeResponses().map(\.status) == [200])
        _ = h.advance(milliseconds: 1_000)
        _ = h.receive(Array(repeating: 0x61, count: 2997))
        _ = h.send()
        #expect(h.takeResponses().map(\.body.count) == [3000])
        #expect(h.services.refusals.isEmpty)
    }

    @Test func theBodyClockStopsWhileAnInterimResponseHoldsReadingBack() {
        var h = Self.harness {
            $0.maxPendingOutputBytes = 10
            $0.writeTimeoutNanoseconds = 60 * H.second
        }
        _ = h.start()
        let head = "POST /p HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n"
        #expect(h.receive(head + "abc") == [.send, .pauseReading])
        // Twice the grace period with reading paused: no 408.
        _ = h.advance(milliseconds: 20_000)
        #expect(h.services.refusals.isEmpty)
        #expect(h.send() == [.resumeReading, .armTimer(at: h.now + 10 * H.second)])
        #expect(h.wireText == "HTTP/1.1 100 Continue\r\n\r\n")
        _ = h.advance(milliseconds: 5_000)
        _ = h.receive("defghij")
        _ = h.send()
        #expect(h.takeResponses().last?.text == "abcdefghij")
        #expect(h.services.refusals.isEmpty)
    }

    @Test func keptInputIsBoundedWhileAResponseIsDelayed() {
        var h = Self.harness { $0.maxBufferedInputBytes = 100 }
        _ = h.start()
        _ = h.receive(Self.get("/slow"))
        #expect(h.receive(String(repeating: "x", count: 98) + "\r\n") == [.pauseReading])
        _ = h.advance(milliseconds: 500)
        _ = h.send()
        #expect(h.takeResponses().map(\.status) == [200, 400])
    }

    // MARK: An end reported while reading is paused

    @Test func anEndReportedBehindUnreadInputDuringADelayClosesAtOnce() {
        var h = Self.harness { $0.maxBufferedInputBytes = 100 }
        _ = h.start()
        _ = h.receive(Self.get("/slow"))
        #expect(h.receive(String(repeating: Self.get("/next"), count: 4)) == [.pauseReading])
        #expect(h.peerClosedBehindUnreadInput() == [.close])
        #expect(h.isClosed)
        #expect(h.services.refusals.map(\.reason) == ["aborted GET /slow"])
        #expect(h.advance(milliseconds: 500) == [])
        #expect(h.wire.isEmpty && !h.machine.hasPendingOutput)
    }

    @Test func anEndReportedBehindUnreadInputLetsTheResponsesBeingSentFinishAndReadsOn() {
        var h = Self.harness()
        _ = h.start()
        #expect(h.receive(Self.get("/big") + Self.get("/small")) == [.send, .pauseReading])
        // The client shut its write side behind requests still in the socket: they are answered.
        #expect(h.peerClosedBehindUnreadInput() == [])
        #expect(!h.isClosed)
        #expect(h.send(limit: 512 << 10) == [])
        #expect(h.send(limit: 1 << 20) == [.resumeReading])
        _ = h.receive(Self.get("/unread"))
        #expect(h.peerClosed() == [.pauseReading])
        #expect(h.sendAll().last == .close)
        #expect(h.takeResponses().map(\.body.count) == [2 << 20, 6, 7])
        #expect(h.services.refusals.isEmpty)
    }

    @Test func anEndReportedEarlierClosesADelayReachedBeforeReadingResumes() {
        var h = Self.harness {
            $0.maxPendingOutputBytes = 10
            $0.maxBufferedInputBytes = 100
        }
        _ = h.start()
        // Reading pauses on the queued answer to /first; /slow waits in the kept input.
        #expect(h.receive(Self.get("/first") + Self.get("/slow")).contains(.pauseReading))
        #expect(h.peerClosedBehindUnreadInput() == [])
        // /first leaves, /slow is parsed from the kept input: its delay ends at once.
        _ = h.send()
        #expect(h.isClosed)
        #expect(h.takeResponses().map(\.text) == ["/first"])
        #expect(h.services.refusals.map(\.reason) == ["aborted GET /slow"])
    }
}

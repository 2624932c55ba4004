import BoomerangSerialization
import BoomerangWire
import Testing

/// What a session's actions amount to, as a client reads them.
struct SessionOutput: Equatable {
    var messages: [WebSocketMessage]
    var closesConnection: Bool
}

extension WebSocketSession {
    /// The written bytes read back as a client (unmasked frames), and whether the connection is
    /// closed; `closeConnection` must come last if at all.
    static func decode(_ actions: [Action]) -> SessionOutput {
        var bytes: [UInt8] = []
        var closes = false
        for action in actions {
            precondition(!closes, "an action after closeConnection")
            switch action {
            case .write(let written): bytes += written
            case .closeConnection: closes = true
            }
        }
        let run = WebSocketMessageReader.run(bytes, configuration: WebSocketParserConfiguration(role: .client))
        precondition(run.error == nil, "the session wrote invalid frames: \(run.error!)")
        return SessionOutput(messages: run.messages, closesConnection: closes)
    }
}

/// The session's protocol duties and each behaviour of the anchors' routes.
@Suite struct WebSocketSessionTests {
    func started(_ behavior: some WebSocketBehavior, _ configuration: WebSocketSessionConfiguration = .init()) -> WebSocketSession {
        var session = WebSocketSession(behavior: behavior, configuration: configuration)
        #expect(session.start(now: 1000).isEmpty)
        return session
    }

    @Test func echoesTextAndBinaryWithTheirTypes() {
        var session = started(WebSocketEchoBehavior())
        #expect(session.state == .open)
        let input = clientText("héllo") + clientFrame(.binary, [0, 1, 2]) + clientText("a", fin: false) + clientFrame(.continuation, Array("b".utf8))
        let output = WebSocketSession.decode(session.receive(input, now: 1001))
        #expect(output == SessionOutput(messages: [.text("héllo"), .binary([0, 1, 2]), .text("ab")], closesConnection: false))
        #expect(session.nextDeadline == nil)
    }

    @Test func writesOfOneEventAreOneAction() {
        var session = started(WebSocketEchoBehavior())
        let actions = session.receive(clientText("a") + clientText("b"), now: 1001)
        #expect(actions.count == 1)
        #expect(actions == [.write([0x81, 0x01, 0x61, 0x81, 0x01, 0x62])])
    }

    @Test func answersPingsWithTheirPayload() {
        var session = started(WebSocketEchoBehavior())
        let actions = session.receive(clientFrame(.ping, Array("are you there".utf8)), now: 1001)
        #expect(actions == [.write(WebSocketFrameWriter.frame(.pong, payload: Array("are you there".utf8)))])
        #expect(session.receive(clientFrame(.pong, [1]), now: 1002).isEmpty)
    }

    @Test func aPingInsideAFragmentedMessageIsAnsweredAtOnce() {
        var session = started(WebSocketEchoBehavior())
        let first = session.receive(clientText("frag", fin: false) + clientFrame(.ping, [7]), now: 1001)
        #expect(WebSocketSession.decode(first).messages == [.pong([7])])
        let second = session.receive(clientFrame(.continuation, Array("ment".utf8)), now: 1002)
        #expect(WebSocketSession.decode(second).messages == [.text("fragment")])
    }

    @Test(arguments: [
        (WebSocketClose(code: .normalClosure, reason: "bye"), WebSocketClose(code: .normalClosure)),
        (WebSocketClose(code: .goingAway), WebSocketClose(code: .goingAway)),
        (WebSocketClose(code: WebSocketCloseCode(4321), reason: "custom"), WebSocketClose(code: WebSocketCloseCode(4321))),
        (WebSocketClose(code: nil), WebSocketClose(code: nil)),
    ])
    func answersACloseByEchoingItsCodeThenCloses(received: WebSocketClose, reply: WebSocketClose) {
        var session = started(WebSocketEchoBehavior())
        let actions = session.receive(clientFrame(.close, received.payload) + clientText("ignored"), now: 1001)
        #expect(WebSocketSession.decode(actions) == SessionOutput(messages: [.close(reply)], closesConnection: true))
        #expect(session.state == .closed)
        #expect(session.receivedClose == received)
        #expect(session.sentClose == reply)
        #expect(session.receive(clientText("late"), now: 1002).isEmpty)
        #expect(session.advance(to: 99_999).isEmpty)
        #expect(session.receiveEndOfStream().isEmpty)
    }

    @Test(arguments: [
        (rawFrame(0x81, key: nil, payload: [0x61]), WebSocketCloseCode.protocolError, "unmaskedFrame"),
        (clientFrame(.continuation, [1]), .protocolError, "unexpectedContinuation"),
        (clientFrame(.text, [0xC3, 0x28]), .invalidPayloadData, "invalidUTF8"),
        (clientFrame(.binary, Array(repeating: 0, count: 65)), .messageTooBig, "frameTooLarge"),
        (clientFrame(.close, [0x03, 0xED]), .protocolError, "invalidCloseCode"),
        (clientFrame(.close, [0x03]), .protocolError, "invalidClosePayload"),
    ])
    func aProtocolErrorIsAnsweredWithItsCodeThenCloses(input: [UInt8], code: WebSocketCloseCode, name: String) {
        let configuration = WebSocketSessionConfiguration(parser: WebSocketParserConfiguration(maxFrameBytes: 64))
        var session = started(WebSocketEchoBehavior(), configuration)
        let actions = session.receive(clientText("before") + input, now: 1001)
        let expected = [WebSocketMessage.text("before"), .close(WebSocketClose(code: code, reason: name))]
        #expect(WebSocketSession.decode(actions) == SessionOutput(messages: expected, closesConnection: true))
        #expect(session.failure?.code.name == name)
        #expect(session.state == .closed)
    }

    @Test func theEndOfTheStreamClosesWithoutAFrame() {
        var session = started(WebSocketEchoBehavior())
        _ = session.receive(Array(clientText("partial").prefix(5)), now: 1001)
        #expect(session.receiveEndOfStream() == [.closeConnection])
        #expect(session.failure?.code == .truncatedStream)
        #expect(session.sentClose == nil)
    }

    @Test func firewalksWebsocketRouteSendsThePayloadThenClosesAfterTheDelay() {
        let payload = Array(#"{"url":"/websocket"}"#.utf8)
        var session = WebSocketSession(behavior: WebSocketPayloadsBehavior(payload: payload))
        let start = WebSocketSession.decode(session.start(now: 1000))
        #expect(start == SessionOutput(messages: [.binary(payload)], closesConnection: false))
        #expect(session.nextDeadline == 1030)
        #expect(session.advance(to: 1029).isEmpty)
        let close = WebSocketSession.decode(session.advance(to: 1030))
        #expect(close == SessionOutput(messages: [.close(WebSocketClose(code: .normalClosure))], closesConnection: false))
        #expect(session.state == .closing)
        #expect(session.nextDeadline == 6030)
        // While closing, messages and pings go unanswered; the client's close ends it.
        #expect(session.receive(clientText("late") + clientFrame(.ping, []), now: 1040).isEmpty)
        #expect(session.receive(clientFrame(.close, [0x03, 0xE8]), now: 1050) == [.closeConnection])
        #expect(session.receivedClose == WebSocketClose(code: .normalClosure))
    }

    @Test func firewalksPayloadsRouteSendsCountCopiesWithItsCloseCode() {
        let behavior = WebSocketPayloadsBehavior(payload: [1, 2], count: 3, closeCode: .goingAway, closeDelayMilliseconds: 0)
        var session = WebSocketSession(behavior: behavior)
        #expect(WebSocketSession.decode(session.start(now: 5)).messages == [.binary([1, 2]), .binary([1, 2]), .binary([1, 2])])
        #expect(session.nextDeadline == 5)
        #expect(WebSocketSession.decode(session.advance(to: 5)).messages == [.close(WebSocketClose(code: .goingAway))])
    }

    @Test func theClosingHandshakeTimesOut() {
        var session = WebSocketSession(
            behavior: WebSocketPayloadsBehavior(payload: [], count: 0, closeDelayMilliseconds: 10),
            configuration: WebSocketSessionConfiguration(closeTimeoutMilliseconds: 200)
        )
        _ = session.start(now: 0)
        _ = session.advance(to: 10)
        #expect(session.nextDeadline == 210)
        #expect(session.advance(to: 209).isEmpty)
        #expect(session.advance(to: 210) == [.closeConnection])
        #expect(session.state == .closed)
        #expect(session.nextDeadline == nil)
    }

    @Test func aProtocolErrorWhileClosingClosesWithoutASecondCloseFrame() {
        var session = WebSocketSession(behavior: WebSocketPayloadsBehavior(payload: [], count: 0, closeDelayMilliseconds: 0))
        _ = session.start(now: 0)
        _ = session.advance(to: 0)
        #expect(session.receive(rawFrame(0x83), now: 1) == [.closeConnection])
        #expect(session.failure?.code == .reservedOpcode)
    }

    @Test func firewalksPingRouteClosesWithGoingAwayOnTheCountthPing() {
        var session = started(WebSocketPingCountBehavior(count: 2))
        let first = session.receive(clientFrame(.ping, [1]), now: 1001)
        #expect(WebSocketSession.decode(first).messages == [.pong([1])])
        let second = session.receive(clientFrame(.ping, [2]), now: 1002)
        #expect(WebSocketSession.decode(second).messages == [.pong([2]), .close(WebSocketClose(code: .goingAway))])
        #expect(session.state == .closing)
    }

    @Test func goHTTPBinsEchoFragmentsWhatItSends() {
        let configuration = WebSocketSessionConfiguration(maxSentFragmentBytes: 4)
        var session = started(WebSocketEchoBehavior(), configuration)
        guard case .write(let bytes)? = session.receive(clientText("0123456789"), now: 1001).first else {
            Issue.record("nothing written")
            return
        }
        let frames = WebSocketFrameParser.events(bytes, configuration: WebSocketParserConfiguration(role: .client)).frames
        #expect(frames.map(\.header.opcode) == [.text, .continuation, .continuation])
        #expect(frames.map(\.header.fin) == [false, false, true])
        #expect(frames.map(\.payload.count) == [4, 4, 2])
    }

    @Test func theDurationLimitClosesWithGoingAway() {
        let configuration = WebSocketSessionConfiguration(maxDurationMilliseconds: 10_000)
        var session = started(WebSocketEchoBehavior(), configuration)
        #expect(session.nextDeadline == 11_000)
        let actions = session.advance(to: 11_000)
        #expect(WebSocketSession.decode(actions).messages == [.close(WebSocketClose(code: .goingAway))])
        #expect(session.state == .closing)
    }

    /// A behaviour of our own: sends `count` pings, one per pong, then closes.
    struct Pinger: WebSocketBehavior {
        var remaining: Int
        mutating func sessionStarted(_ output: inout WebSocketOutput) {
            output.sendPing([UInt8(remaining)])
        }
        mutating func receivedPong(_ payload: [UInt8], _ output: inout WebSocketOutput) {
            remaining -= 1
            if remaining == 0 {
                output.close(WebSocketCloseCode(4000), reason: "pinged")
            } else {
                output.sendPing([UInt8(remaining)])
            }
        }
    }

    @Test func aBehaviourCanSendPingsAndClose() {
        var session = WebSocketSession(behavior: Pinger(remaining: 2))
        #expect(WebSocketSession.decode(session.start(now: 0)).messages == [.ping([2])])
        #expect(WebSocketSession.decode(session.receive(clientFrame(.pong, [2]), now: 1)).messages == [.ping([1])])
        let last = WebSocketSession.decode(session.receive(clientFrame(.pong, [1]), now: 2))
        #expect(last.messages == [.close(WebSocketClose(code: WebSocketCloseCode(4000), reason: "pinged"))])
    }
}

import BoomerangSerialization

/// The server side of one WebSocket connection after the handshake, as a sans-I/O state
/// machine: events in (bytes, the end of the stream, time), actions out (bytes to write, close
/// the connection). What the endpoint does with messages is its ``WebSocketBehavior``; the
/// session keeps the protocol ([RFC 6455 §5.5, §7](https://www.rfc-editor.org/rfc/rfc6455#section-7)):
///
/// - a ping is answered with a pong carrying its payload;
/// - a client's close is answered with a close echoing its code (an empty close with an empty
///   one), then the connection is closed (the server closes TCP first, §7.1.1);
/// - a close asked by the behaviour is sent, then the session waits for the client's close (up to
///   ``WebSocketSessionConfiguration/closeTimeoutMilliseconds``), ignoring messages and pings,
///   and closes the connection when it comes;
/// - a protocol error is answered with a close carrying the error's code and name, then the
///   connection is closed at once; the end of the stream closes the connection.
///
/// Time is a monotonic clock in milliseconds chosen by the caller, who calls ``advance(to:)``
/// when ``nextDeadline`` is reached. After ``Action/closeConnection`` every event is ignored.
///
/// ```swift
/// var session = WebSocketSession(behavior: WebSocketEchoBehavior())
/// perform(session.start(now: clock()))
/// // on read:     perform(session.receive(bytes, now: clock()))
/// // on timer:    perform(session.advance(to: clock()))   // when clock() >= session.nextDeadline
/// // on EOF:      perform(session.receiveEndOfStream())
/// ```
public struct WebSocketSession: Sendable {
    /// What the connection must do.
    public enum Action: Sendable, Hashable {
        /// Write these bytes, after those of earlier actions.
        case write([UInt8])
        /// Close the connection once everything before is written.
        case closeConnection
    }

    /// Where the session is in its life.
    public enum State: Sendable, Hashable {
        /// Created, not started.
        case initial
        /// Messages flow both ways.
        case open
        /// Our close frame is sent; waiting for the client's.
        case closing
        /// The connection is to be closed.
        case closed
    }

    /// The limits and timings in use.
    public let configuration: WebSocketSessionConfiguration
    /// Where the session is.
    public private(set) var state = State.initial
    /// The close frame the session sent, if any.
    public private(set) var sentClose: WebSocketClose?
    /// The close frame the client sent, if any.
    public private(set) var receivedClose: WebSocketClose?
    /// The protocol error that ended the session, if any.
    public private(set) var failure: WebSocketProtocolError?

    var behavior: any WebSocketBehavior
    var reader: WebSocketMessageReader
    var wakeUpDeadline: UInt64?
    var closeDeadline: UInt64?
    var endDeadline: UInt64?
    /// Bytes to write, gathered during one event.
    var output: [UInt8] = []
    var closesConnection = false

    /// Creates a session for `behavior`.
    public init(behavior: some WebSocketBehavior, configuration: WebSocketSessionConfiguration = .init()) {
        self.behavior = behavior
        self.configuration = configuration
        reader = WebSocketMessageReader(configuration: configuration.parser)
    }

    /// The time at which ``advance(to:)`` has something to do, or nil.
    public var nextDeadline: UInt64? {
        switch state {
        case .open: [wakeUpDeadline, endDeadline].compactMap { $0 }.min()
        case .closing: closeDeadline
        case .initial, .closed: nil
        }
    }

    /// Starts the session once the 101 response is written.
    public mutating func start(now: UInt64) -> [Action] {
        precondition(state == .initial, "a session starts once")
        state = .open
        endDeadline = configuration.maxDurationMilliseconds.map { now &+ $0 }
        var requests = WebSocketOutput()
        behavior.sessionStarted(&requests)
        perform(requests, now: now)
        return takeActions()
    }

    /// Takes bytes read from the client.
    public mutating func receive(_ input: UnsafeRawBufferPointer, now: UInt64) -> [Action] {
        precondition(state != .initial, "receive before start")
        var position = 0
        while state == .open || state == .closing {
            let message: WebSocketMessage?
            do {
                let result = try reader.read(UnsafeRawBufferPointer(rebasing: input[position...]))
                position += result.consumed
                message = result.message
            } catch {
                fail(error)
                break
            }
            guard let message else { break }
            handle(message, now: now)
        }
        return takeActions()
    }

    /// Takes bytes read from the client.
    public mutating func receive(_ bytes: [UInt8], now: UInt64) -> [Action] {
        bytes.withUnsafeBytes { receive($0, now: now) }
    }

    /// The client closed its side of the connection (or it broke).
    public mutating func receiveEndOfStream() -> [Action] {
        guard state == .open || state == .closing else { return [] }
        do {
            try reader.finish()
        } catch {
            failure = error
        }
        state = .closed
        closesConnection = true
        return takeActions()
    }

    /// Lets time pass: wake-ups, the closing timeout and the session's duration limit.
    public mutating func advance(to now: UInt64) -> [Action] {
        if state == .open, let endDeadline, now >= endDeadline {
            sendClose(WebSocketClose(code: .goingAway), now: now)
        }
        if state == .open, let deadline = wakeUpDeadline, now >= deadline {
            wakeUpDeadline = nil
            var requests = WebSocketOutput()
            behavior.wakeUpDue(&requests)
            perform(requests, now: now)
        }
        if state == .closing, let closeDeadline, now >= closeDeadline {
            state = .closed
            closesConnection = true
        }
        return takeActions()
    }

    private mutating func handle(_ message: WebSocketMessage, now: UInt64) {
        if state == .closing {
            if case .close(let close) = message {
                receivedClose = close
                state = .closed
                closesConnection = true
            }
            return
        }
        var requests = WebSocketOutput()
        switch message {
        case .text, .binary:
            behavior.receivedMessage(message, &requests)
        case .ping(let payload):
            WebSocketFrameWriter.append(.pong, payload: payload, to: &output)
            behavior.receivedPing(payload, &requests)
        case .pong(let payload):
            behavior.receivedPong(payload, &requests)
        case .close(let close):
            receivedClose = close
            let reply = WebSocketClose(code: close.code)
            sentClose = reply
            WebSocketFrameWriter.append(.close, payload: reply.payload, to: &output)
            state = .closed
            closesConnection = true
            return
        }
        perform(requests, now: now)
    }

    private mutating func perform(_ requests: WebSocketOutput, now: UInt64) {
        for item in requests.items {
            guard state == .open else { return }
            switch item {
            case .message(let opcode, let payload):
                WebSocketFrameWriter.appendMessage(
                    opcode,
                    payload: payload,
                    maxFragmentBytes: configuration.maxSentFragmentBytes,
                    to: &output
                )
            case .ping(let payload):
                WebSocketFrameWriter.append(.ping, payload: payload, to: &output)
            case .close(let close):
                sendClose(close, now: now)
            case .wakeUp(let milliseconds):
                wakeUpDeadline = now &+ milliseconds
            }
        }
    }

    private mutating func sendClose(_ close: WebSocketClose, now: UInt64) {
        sentClose = close
        WebSocketFrameWriter.append(.close, payload: close.payload, to: &output)
        state = .closing
        closeDeadline = now &+ configuration.closeTimeoutMilliseconds
    }

    private mutating func fail(_ error: WebSocketProtocolError) {
        failure = error
        if state == .open, error.closeCode.isAllowedOnWire {
            let close = WebSocketClose(code: error.closeCode, reason: error.code.name)
            sentClose = close
            WebSocketFrameWriter.append(.close, payload: close.payload, to: &output)
        }
        state = .closed
        closesConnection = true
    }

    private mutating func takeActions() -> [Action] {
        var actions: [Action] = []
        if !output.isEmpty {
            actions.append(.write(output))
            output = []
        }
        if closesConnection {
            actions.append(.closeConnection)
            closesConnection = false
        }
        return actions
    }
}

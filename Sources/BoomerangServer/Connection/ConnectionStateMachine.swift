import BoomerangSerialization

/// The HTTP/1.1 life of one client connection, without sockets, events or clocks: a driver feeds
/// it what happened (bytes arrived, bytes sent, the timer fired, the peer closed, the server
/// drains) with the time, and performs the ``ConnectionAction``s it asks for, pulled one at a time
/// with ``nextAction()``. It owns the request parser, the exchange in progress, the queued output
/// and every deadline; the responder, the access log and the `Date` value come from its
/// ``ConnectionServices``.
///
/// Rules:
/// - One exchange at a time. Pipelined requests wait, unparsed, until the response before them
///   has been queued; their head and body clocks start only when they are parsed.
/// - Backpressure: above ``ConnectionConfiguration/maxPendingOutputBytes`` of queued output the
///   connection stops reading, parsing and pulling streams, and its head and body deadlines do not
///   run; only the write timeout does.
/// - Deadlines: the head must arrive within the header timeout of its first byte; a body slower
///   than the minimum rate after the grace period gets a 408; a connection with nothing in
///   progress and nothing to send closes at the idle timeout; queued output that does not move
///   for the write timeout closes the connection.
/// - End of input (a FIN) after a complete request is a half-close: that request, and any
///   complete one before it, is still answered, then the connection closes. A FIN in the middle of
///   a request aborts it. A failed read or write (a reset) closes at once, cancelling any delay.
/// - A response that closes the connection (an error, `Connection: close`, a drain, a fault) is
///   followed by a lingering close: the write side is shut and input read and dropped until the
///   client closes or the linger timeout passes.
struct ConnectionStateMachine {
    enum State {
        /// No request in progress; `since` is when the last output left (the idle clock).
        case idle(since: UInt64)
        /// Part of a request head has been parsed.
        case readingHead(since: UInt64)
        /// The head is complete; the body is arriving.
        case readingBody(Exchange, BodyClock)
        /// The request is complete; its response is held back until `until`.
        case delayed(Exchange, Response, until: UInt64)
        /// The head is queued; the body comes from a stream.
        case streaming(Exchange, StreamedBody)
        /// A stall fault: nothing more is sent until the client gives up or the idle timeout.
        case stalled(since: UInt64)
        /// After a 101: every byte goes to the upgrade handler.
        case upgraded(any ConnectionUpgrade, wakeAt: UInt64?)
        /// The last bytes are queued; once they have left, the connection closes this way.
        case closing(CloseMode)
        /// The write side is shut; input is read and dropped until the client closes.
        case lingering(since: UInt64)
        case closed
        /// Only while a payload is being mutated in place (never seen between events).
        case transitioning
    }

    enum CloseMode: Equatable {
        case linger
        case close
        case reset
    }

    /// When the body of the current request started to count against the minimum rate.
    struct BodyClock {
        var since: UInt64
        var bytesBefore: Int64
    }

    /// A response body being pulled from its stream.
    struct StreamedBody {
        enum Wait: Equatable {
            case ready
            case until(UInt64)
            case woken
        }

        var stream: any ResponseBodyStream
        var wait = Wait.ready
        /// Bytes still owed under `Content-Length`, nil for chunked or close-delimited bodies.
        var remaining: Int?
        var chunked: Bool
        var keepAlive: Bool
        /// Body bytes still to send before a `closeMidBody` fault closes the connection.
        var cutAfter: Int?
    }

    /// Input read but not parsed yet, and whether the client has ended its side.
    struct PendingInput {
        var bytes: [UInt8] = []
        var ended = false
    }

    let configuration: ConnectionConfiguration
    let services: any ConnectionServices
    let remoteHost: String
    let waker: ConnectionWaker
    var parser: HTTPRequestParser
    var state: State
    var output = OutputBuffer()
    var input = PendingInput()
    var lastWriteProgress: UInt64 = 0
    var readingEnabled = false
    var armedDeadline: UInt64?
    var isDraining = false
    private var actions: [ConnectionAction] = []
    private var nextActionIndex = 0

    init(
        configuration: ConnectionConfiguration, services: any ConnectionServices, remoteHost: String,
        waker: ConnectionWaker = .none, now: UInt64
    ) {
        self.configuration = configuration
        self.services = services
        self.remoteHost = remoteHost
        self.waker = waker
        parser = HTTPRequestParser(configuration: configuration.parser)
        state = .idle(since: now)
        actions.reserveCapacity(8)
    }

    // MARK: Events

    /// The connection is accepted: start reading and the idle clock.
    mutating func start(now: UInt64) {
        settle(now: now)
    }

    /// Bytes arrived from the client.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        switch state {
        case .idle, .readingHead, .readingBody, .upgraded:
            process(bytes, now: now)
        case .delayed, .streaming, .stalled:
            stash(bytes)
        case .closing, .lingering, .closed, .transitioning:
            break
        }
        settle(now: now)
    }

    /// The socket took `count` bytes of ``withPendingOutput(_:)``.
    mutating func sent(_ count: Int, now: UInt64) {
        guard count > 0, !output.isEmpty else { return }
        output.consume(count)
        lastWriteProgress = now
        if output.isEmpty {
            outputFlushed(now: now)
        }
        settle(now: now)
    }

    /// The timer armed with ``ConnectionAction/armTimer(at:)`` fired (possibly early or late).
    mutating func timerFired(now: UInt64) {
        armedDeadline = nil
        checkDeadlines(now: now)
        settle(now: now)
    }

    /// The client ended its side (a read returned end of stream).
    mutating func peerClosed(now: UInt64) {
        input.ended = true
        switch state {
        case .readingHead, .readingBody:
            do {
                try parser.finish()
            } catch {}
            closeAfterFlush(now: now)
        case .idle where input.bytes.isEmpty, .lingering, .stalled:
            closeAfterFlush(now: now)
        case .upgraded(var handler, let wakeAt):
            state = .transitioning
            let step = handler.peerClosed(now: now)
            state = .upgraded(handler, wakeAt: wakeAt)
            apply(step, now: now)
        case .idle, .delayed, .streaming, .closing, .closed, .transitioning:
            // A half-closed client still gets the answers to the requests it completed.
            break
        }
        settle(now: now)
    }

    /// A read or a write failed (a reset): the client is gone.
    mutating func transportFailed(now: UInt64) {
        close(.close)
    }

    /// The server is shutting down: finish the exchange in progress, start no other.
    mutating func drainRequested(now: UInt64) {
        isDraining = true
        switch state {
        case .idle where output.isEmpty && input.bytes.isEmpty, .stalled:
            close(.close)
        default:
            settle(now: now)
        }
    }

    /// The connection's ``ConnectionWaker`` was woken.
    mutating func woken(now: UInt64) {
        switch state {
        case .streaming(let exchange, var body) where body.wait != .ready:
            body.wait = .ready
            state = .streaming(exchange, body)
        case .upgraded(var handler, let wakeAt):
            state = .transitioning
            let step = handler.wake(now: now)
            state = .upgraded(handler, wakeAt: wakeAt)
            apply(step, now: now)
        default:
            return
        }
        settle(now: now)
    }

    /// The server closes the connection now, whatever it was doing.
    mutating func stopRequested() {
        close(.close)
    }

    // MARK: Output for the driver

    /// The bytes waiting to be sent, oldest first.
    func withPendingOutput<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        output.withUnsafeBytes(body)
    }

    var hasPendingOutput: Bool { !output.isEmpty }

    /// The next thing the driver must do, or nil when it is done for this event.
    mutating func nextAction() -> ConnectionAction? {
        guard nextActionIndex < actions.count else {
            if nextActionIndex > 0 {
                actions.removeAll(keepingCapacity: true)
                nextActionIndex = 0
            }
            return nil
        }
        defer { nextActionIndex += 1 }
        return actions[nextActionIndex]
    }

    mutating func emit(_ action: ConnectionAction) {
        actions.append(action)
    }
}

import BoomerangExchange
import BoomerangSerialization
import BoomerangWire

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
///   connection stops reading and parsing, and its head and body deadlines do not run; only the
///   write timeout does. A stream is pulled only while less than
///   ``ConnectionConfiguration/streamRefillBytes`` is queued.
/// - Deadlines: the head must arrive within the header timeout of its first byte; a body slower
///   than the minimum rate after the grace period gets a 408; a connection with nothing in
///   progress and nothing to send closes at the idle timeout; queued output that does not move
///   for the write timeout closes the connection.
/// - End of input (a FIN) after a complete request is a half-close: that request, and any
///   complete one before it, is still answered, then the connection closes. A FIN in the middle of
///   a request aborts it, and so does a FIN while a response is held back by its delay, or while a
///   streamed body waits for its next piece (the client gave up waiting; nginx does the same). A
///   failed read or write (a reset) closes at once,
///   cancelling any delay.
/// - A response that closes the connection (an error, `Connection: close`, a drain, a fault) is
///   followed by a lingering close: the write side is shut and input read and dropped until the
///   client closes or the linger timeout passes.
public struct ConnectionStateMachine {
    let configuration: ConnectionConfiguration
    let services: any ConnectionServices
    let remoteHost: String
    /// What TLS said about the connection, given by the driver once the handshake is complete;
    /// every request's context carries it.
    var security: TransportSecurity?
    public let waker: ConnectionWaker
    var parser: HTTPRequestParser
    var state: State
    /// The request whose body is being read: set with its head, taken at its end; present exactly
    /// in ``State/readingBody``. It lives beside the state rather than in it, so that the state
    /// stays a few bytes that every event switches on without copying a request.
    var request: ReadingRequest?
    @usableFromInline var output = OutputBuffer()
    /// Bytes queued and bytes sent since the connection opened: where a queued response starts
    /// and ends, and how much of it has left.
    var queuedTotal = 0
    var sentTotal = 0
    /// ``sentTotal`` when the output was last empty.
    private var sentWhenLastEmpty = 0
    /// Responses the history has as sent whole while some of their bytes are still queued.
    var unsentRecords = UnsentRecords()
    var input = PendingInput()
    var lastWriteProgress: UInt64 = 0
    var readingEnabled = false
    var armedDeadline: UInt64?
    var isDraining = false
    /// An h2c upgrade accepted while parsing, for the driver (``takeH2CUpgrade()``).
    var h2cUpgrade: H2CUpgrade?
    /// Actions asked for and not taken yet: `actions[nextActionIndex..<actionCount]`. The array
    /// keeps its storage from event to event.
    @usableFromInline var actions: [ConnectionAction] = []
    @usableFromInline var actionCount = 0
    @usableFromInline var nextActionIndex = 0

    public init(
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
    public mutating func start(now: UInt64) {
        settle(now: now)
    }

    /// The connection's TLS handshake is complete: requests from now on are over TLS.
    public mutating func secured(by security: TransportSecurity) {
        self.security = security
    }

    /// Bytes arrived from the client.
    public mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        switch state {
        case .idle, .readingHead, .readingBody, .upgraded:
            process(bytes, now: now)
        case .delayed, .streaming, .stalled:
            stash(bytes)
        case .closing, .lingering, .closed:
            break
        }
        settle(now: now)
    }

    /// The socket took `count` bytes of ``withPendingOutput(_:)``.
    public mutating func sent(_ count: Int, now: UInt64) {
        guard count > 0, !output.isEmpty else { return }
        output.consume(count)
        sentTotal += count
        lastWriteProgress = now
        if output.isEmpty {
            unsentRecords.removeAll()
            if sentTotal - sentWhenLastEmpty >= ConnectionThresholds.largeOutputBytes { services.largeOutputSent(sentTotal - sentWhenLastEmpty) }
            sentWhenLastEmpty = sentTotal
            outputFlushed(now: now)
        }
        settle(now: now)
    }

    /// The timer armed with ``ConnectionAction/armTimer(at:)`` fired (possibly early or late).
    public mutating func timerFired(now: UInt64) {
        armedDeadline = nil
        checkDeadlines(now: now)
        settle(now: now)
    }

    /// The client ended its side (a read returned end of stream). A request it completed is still
    /// answered (it may have shut only its write side); ``settle(now:)`` closes once none is left.
    public mutating func peerClosed(now: UInt64) {
        input.ended = true
        switch state {
        case .lingering, .stalled:
            closeAfterFlush(now: now)
        case .upgraded(let session):
            apply(session.handler.peerClosed(now: now), now: now)
        case .idle, .readingHead, .readingBody, .delayed, .streaming, .closing, .closed:
            break
        }
        settle(now: now)
    }

    /// The client ended its side while reading was paused, behind input it sent that is still
    /// unread in the socket. Only a response held back by its delay acts on it, now or when one
    /// is reached before reading resumes: the client stopped waiting, as with ``peerClosed(now:)``.
    /// Every other state reads that input, and then the end, in order.
    public mutating func peerClosedBehindUnreadInput(now: UInt64) {
        input.endReported = true
        settle(now: now)
    }

    /// A read or a write failed (a reset): the client is gone.
    public mutating func transportFailed(now: UInt64) {
        close(.close)
    }

    /// The server is shutting down: finish the exchange in progress, start no other.
    public mutating func drainRequested(now: UInt64) {
        isDraining = true
        switch state {
        case .idle where output.isEmpty && input.bytes.isEmpty, .stalled:
            close(.close)
        default:
            settle(now: now)
        }
    }

    /// The connection's ``ConnectionWaker`` was woken.
    public mutating func woken(now: UInt64) {
        switch state {
        case .streaming(let body) where body.wait != .ready:
            body.wait = .ready
        case .upgraded(let session):
            apply(session.handler.wake(now: now), now: now)
        default:
            return
        }
        settle(now: now)
    }

    /// The upgrade that ``ConnectionAction/upgradeToHTTP2`` announced, once.
    public mutating func takeH2CUpgrade() -> H2CUpgrade? {
        h2cUpgrade.take()
    }

    /// The server closes the connection now, whatever it was doing.
    public mutating func stopRequested() {
        close(.close, cause: .serverStopped)
    }

    // MARK: Output for the driver

    /// The bytes waiting to be sent, oldest first. Inlinable, as the driver's other questions are:
    /// the driver keeps the machine in a class, and a call into this module would copy the whole
    /// machine out of it first.
    @inlinable
    public mutating func withPendingOutput<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        output.withUnsafeBytes(body)
    }

    /// Whether bytes wait to be sent.
    @inlinable
    public var hasPendingOutput: Bool { !output.isEmpty }

    /// The next thing the driver must do, or nil when it is done for this event.
    @inlinable
    public mutating func nextAction() -> ConnectionAction? {
        guard nextActionIndex < actionCount else {
            nextActionIndex = 0
            actionCount = 0
            return nil
        }
        defer { nextActionIndex += 1 }
        return actions[nextActionIndex]
    }

    mutating func emit(_ action: ConnectionAction) {
        if actionCount < actions.count {
            actions[actionCount] = action
        } else {
            actions.append(action)
        }
        actionCount += 1
    }
}

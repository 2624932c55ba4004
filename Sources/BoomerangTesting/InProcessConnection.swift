import BoomerangExchange
import BoomerangSerialization

@testable import BoomerangHTTP1
@testable import BoomerangServer

/// One client connection to an ``InProcessServer``: a ``ConnectionStateMachine`` driven as the
/// libevent driver drives it, with a socket that takes every byte at once in both directions.
///
/// What the client sends is read by the machine in pieces of at most 64 KiB, and only while it
/// reads (it pauses under backpressure, during a delay or a stream). Waiting for a response moves
/// the manual clock to the machine's next deadline whenever nothing else can happen, so delays,
/// drips and timeouts pass at once; a wake from another thread is waited for in real time.
public final class InProcessConnection: TestConnection {
    /// How the server ended the connection.
    public enum End: Sendable, Equatable {
        /// The write side was shut (the lingering close): the client reads the end of the stream.
        case shutdownWrite
        /// The socket was closed.
        case closed
        /// The socket was reset (an RST).
        case reset
    }

    private let server: InProcessServer
    let id: UInt64
    private var machine: ConnectionStateMachine
    /// Sent by the client, not read by the machine yet.
    private var inbound: [UInt8] = []
    private var clientEnded = false
    private var endDelivered = false
    private var endReported = false
    private var reading = false
    private var timer: UInt64?
    private var sendPending = false
    /// Sent by the server, not read by the client yet.
    private var received: [UInt8] = []
    /// How the server ended the connection, once it has.
    public private(set) var end: End?
    private var closed = false

    /// The most bytes one read hands the machine, as the loop's read buffer.
    private static let readBytes = 64 << 10
    /// The most output taken in one event, so that an endless stream yields to the client.
    private static let maxBytesPerFlush = 4 << 20
    /// The most manual time one wait may pass before the connection is declared stuck.
    private static let maxWaitNanoseconds: UInt64 = 3_600 * 1_000_000_000
    /// How long, in real time, a wait with no deadline ahead waits for a wake from another thread.
    public var crossThreadWakeSeconds: Double = 2

    init(server: InProcessServer, id: UInt64, accepted: Bool) {
        self.server = server
        self.id = id
        machine = ConnectionStateMachine(
            configuration: server.context.connectionConfiguration, services: server.services, remoteHost: "127.0.0.1",
            waker: ConnectionWaker(target: server.wakes, connectionID: id), now: server.clock.now)
        guard accepted else {
            let error = ServerError(.tooManyConnections, "the server has reached its connection cap")
            let response = ConnectionStateMachine.refusalResponse(error)
            received = ResponseWriter.render(response, method: .get, version: (1, 1), keepAlive: false, date: HTTPDate.now())
            end = .closed
            closed = true
            return
        }
        machine.start(now: server.clock.now)
        perform()
    }

    deinit {
        if !closed {
            machine.peerClosed(now: server.clock.now)
            perform()
            if !closed {
                machine.stopRequested()
                perform()
            }
        }
    }

    private var now: UInt64 { server.clock.now }

    /// Whether the client can read no more from the server: it shut its write side, closed or reset.
    public var serverEnded: Bool { end != nil }

    /// Whether the socket is closed (by either way of closing, not by a shut write side alone).
    public var isClosed: Bool { closed }

    // MARK: The client's side

    /// Sends bytes; the machine reads them as soon as it reads.
    public func send(_ bytes: [UInt8]) throws {
        guard !closed else { return }
        inbound += bytes
        pump()
    }

    /// Ends the client's side (a FIN): the machine reads it after the bytes before it.
    public func shutdownWrite() {
        clientEnded = true
        pump()
    }

    /// The client vanishes with a reset: the machine's next read fails.
    public func reset() {
        guard !closed else { return }
        machine.transportFailed(now: now)
        perform()
    }

    /// The bytes the server sent that the client has not read yet, taken.
    public func takeReceived() -> [UInt8] {
        pump()
        defer { received = [] }
        return received
    }

    public func readResponse(forHead: Bool = false) throws -> TestResponse? {
        let start = now
        while true {
            pump()
            switch TestResponse.parse(received[...], forHead: forHead, atEnd: serverEnded) {
            case .response(let response, let consumed):
                received.removeFirst(consumed)
                return response
            case .malformed(let reason):
                throw TestConnectionFailure(description: reason)
            case .incomplete:
                if serverEnded { return nil }
            }
            guard waitForNextEvent(notAfter: start + Self.maxWaitNanoseconds) else {
                throw TestConnectionFailure(
                    description: "no response and nothing to wait for (state \(machine.state), \(received.count) bytes received)")
            }
        }
    }

    /// Reads until `condition` holds for the bytes received (they are taken), the server ends the
    /// connection, or `seconds` of manual time pass.
    public func read(within seconds: Double = 60, until condition: ([UInt8]) -> Bool) -> [UInt8] {
        let deadline = now + UInt64(seconds * 1e9)
        while true {
            pump()
            if condition(received) || serverEnded || !waitForNextEvent(notAfter: deadline) { break }
        }
        defer { received = [] }
        return received
    }

    /// Reads until the text received contains `marker` (or as ``read(within:until:)`` gives up);
    /// the text, taken.
    public func readText(untilContains marker: String, within seconds: Double = 60) -> String {
        String(decoding: read(within: seconds) { String(decoding: $0, as: UTF8.self).contains(marker) }, as: UTF8.self)
    }

    /// Reads exactly `count` bytes (after a head read with ``readResponse(forHead:)``, body
    /// bytes); fewer when the server ends the connection or nothing more comes within a minute of
    /// manual time.
    public func read(exactly count: Int) -> [UInt8] {
        let deadline = now + 60 * 1_000_000_000
        while true {
            pump()
            if received.count >= count || serverEnded || !waitForNextEvent(notAfter: deadline) { break }
        }
        let taken = Array(received.prefix(count))
        received.removeFirst(taken.count)
        return taken
    }

    public func bytesUntilClosed(within seconds: Double) -> [UInt8]? {
        let deadline = now + UInt64(seconds * 1e9)
        runUntilClosed(deadline: deadline)
        guard serverEnded else { return nil }
        defer { received = [] }
        return received
    }

    /// Drives the connection until the server ends it or the clock reaches `deadline`.
    func runUntilClosed(deadline: UInt64) {
        while true {
            pump()
            if serverEnded || !waitForNextEvent(notAfter: deadline, waitsForWakes: false) { break }
        }
        if !serverEnded { server.clock.advance(to: deadline) }
    }

    // MARK: The server's side

    /// The server drains: the exchange in progress finishes, then the connection closes.
    func drain() {
        guard !closed else { return }
        machine.drainRequested(now: now)
        perform()
    }

    /// The server closes the connection now.
    func stop() {
        guard !closed else { return }
        machine.stopRequested()
        perform()
    }

    /// Lets the machine act on everything that has happened by now: wakes, a deadline passed,
    /// input to read, the client's end.
    func pump() {
        var progressed = true
        while progressed && !closed {
            progressed = false
            if sendPending {
                sendPending = false
                flush()
                perform()
                progressed = true
            }
            if server.wakes.take(id) {
                machine.woken(now: now)
                perform()
                progressed = true
            }
            if let deadline = timer, deadline <= now {
                timer = nil
                machine.timerFired(now: now)
                perform()
                progressed = true
            }
            if reading && !inbound.isEmpty {
                let count = min(inbound.count, Self.readBytes)
                inbound.withUnsafeBytes { machine.received(UnsafeRawBufferPointer(rebasing: $0.prefix(count)), now: now) }
                inbound.removeFirst(count)
                perform()
                progressed = true
            } else if reading && clientEnded && !endDelivered {
                endDelivered = true
                machine.peerClosed(now: now)
                perform()
                progressed = true
            } else if !reading && clientEnded && !endReported && !endDelivered {
                endReported = true
                machine.peerClosedBehindUnreadInput(now: now)
                perform()
                progressed = true
            }
        }
    }

    /// Moves the clock to the next deadline (not past `limit`), or waits for a wake from another
    /// thread when no deadline is armed; false when nothing can happen.
    private func waitForNextEvent(notAfter limit: UInt64, waitsForWakes: Bool = true) -> Bool {
        guard !closed else { return false }
        if let deadline = timer {
            guard deadline <= limit else { return false }
            server.clock.advance(to: deadline)
            return true
        }
        return waitsForWakes && server.wakes.wait(for: id, seconds: crossThreadWakeSeconds)
    }

    private func perform() {
        while let action = machine.nextAction() {
            switch action {
            case .send:
                flush()
            case .pauseReading:
                reading = false
            case .resumeReading:
                reading = true
            case .armTimer(let deadline):
                timer = deadline
            case .shutdownWrite:
                if end == nil { end = .shutdownWrite }
            case .close:
                finish(.closed)
            case .reset:
                finish(.reset)
            case .upgradeToHTTP2:
                // In process, connections speak HTTP/1.1 only: the 101 is the last thing read.
                flush()
                finish(.closed)
            }
        }
    }

    /// The socket takes every queued byte (up to the per-event budget).
    private func flush() {
        var budget = Self.maxBytesPerFlush
        while machine.hasPendingOutput && !closed {
            guard budget > 0 else {
                sendPending = true
                return
            }
            let taken = machine.withPendingOutput { Array($0) }
            received += taken
            budget -= taken.count
            machine.sent(taken.count, now: now)
        }
    }

    private func finish(_ how: End) {
        guard !closed else { return }
        closed = true
        timer = nil
        end = how == .reset ? .reset : (end ?? how)
        server.connectionClosed()
    }
}

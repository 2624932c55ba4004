// Which protocol machine a connection drives. Every connection starts with the HTTP/1.1 machine;
// it moves to HTTP/2 when TLS negotiated `h2` by ALPN, or when a plain connection opens with the
// HTTP/2 preface (h2c with prior knowledge). The driver's events go through the methods here, so
// that the socket and TLS code does not care which protocol it carries.
import BoomerangExchange
import BoomerangHTTP1
import BoomerangHTTP2
import BoomerangHTTP2Wire
import BoomerangRuntime
import BoomerangTLS

/// What ``Connection/flush(now:)`` needs of a protocol machine's output.
protocol ConnectionOutput {
    var hasPendingOutput: Bool { get }
    mutating func withPendingOutput<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R
    mutating func sent(_ count: Int, now: UInt64)
    mutating func transportFailed(now: UInt64)
}

extension ConnectionStateMachine: ConnectionOutput {}
extension HTTP2ConnectionMachine: ConnectionOutput {}

extension Connection {
    /// The connection preface every HTTP/2 client sends first (RFC 9113 §3.4).
    static let http2Preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// The connection's id as the HTTP/2 echo shows it: the loop, then the connection's number on it.
    var displayName: String { "\(loop.index).\(id >> 32)" }

    /// Starts HTTP/2 on this connection, leaving the HTTP/1.1 machine unused; false when the
    /// session cannot be made (the connection then closes).
    func startHTTP2(configuration: HTTP2Configuration, edges: HTTP2Edges? = nil, security: TransportSecurity?, now: UInt64) -> Bool {
        do {
            let machine = try HTTP2ConnectionMachine(
                configuration: configuration, edges: edges, services: loop.services, remoteHost: remoteHost, connectionName: displayName,
                security: security, waker: ConnectionWaker(target: loop.handle, connectionID: id), now: now)
            http2 = machine
            machine.start(now: now)
            return true
        } catch {
            loop.host.log.warning("an HTTP/2 connection could not start: \(error)")
            return false
        }
    }

    /// The first plain bytes of a connection on a port that takes h2c: the preface starts HTTP/2,
    /// anything else goes to HTTP/1.1. A preface split over reads is held until it is whole.
    func receivedFirstPlainBytes(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        guard prefaceProbe != nil || bytes.first == Self.http2Preface[0] else {
            // Not a preface (an HTTP/1.1 request line's method): the read goes on uncopied.
            isProbingPreface = false
            return machine.received(bytes, now: now)
        }
        var seen = prefaceProbe ?? []
        seen.append(contentsOf: bytes)
        let compared = min(seen.count, Self.http2Preface.count)
        if seen[..<compared].elementsEqual(Self.http2Preface[..<compared]) {
            guard seen.count >= Self.http2Preface.count else {
                prefaceProbe = seen
                return
            }
            prefaceProbe = nil
            isProbingPreface = false
            guard let configuration = loop.host.http2Configuration,
                startHTTP2(configuration: configuration, security: nil, now: now)
            else { return close() }
            perform(now: now)
            seen.withUnsafeBytes { http2?.received($0, now: now) }
            return
        }
        prefaceProbe = nil
        isProbingPreface = false
        seen.withUnsafeBytes { machine.received($0, now: now) }
    }

    /// The HTTP/1.1 machine accepted an h2c upgrade: HTTP/2 from here on, its 101 first.
    func upgradeToHTTP2(_ upgrade: H2CUpgrade, now: UInt64) {
        let leading = machine.withPendingOutput { Array($0) }
        guard let configuration = loop.host.http2Configuration else { return close() }
        do {
            let machine = try HTTP2ConnectionMachine(
                configuration: configuration, edges: upgrade.edges, services: loop.services, remoteHost: remoteHost, connectionName: displayName,
                security: nil, waker: ConnectionWaker(target: loop.handle, connectionID: id), now: now)
            try machine.takeOver(upgrade, leadingOutput: leading, now: now)
            http2 = machine
            isProbingPreface = false
            machine.start(now: now)
        } catch {
            loop.host.log.warning("an h2c upgrade could not start: \(error)")
            return close()
        }
        if !upgrade.input.isEmpty { upgrade.input.withUnsafeBytes { http2?.received($0, now: now) } }
        // The HTTP/1.1 machine's actions stop here; the HTTP/2 machine's follow.
        perform(now: now)
    }

    // MARK: Events into the protocol machine

    @inline(__always)
    func protocolReceived(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if let http2 {
            http2.received(bytes, now: now)
        } else if isProbingPreface {
            receivedFirstPlainBytes(bytes, now: now)
        } else {
            machine.received(bytes, now: now)
        }
    }

    @inline(__always)
    func protocolPeerClosed(now: UInt64) {
        if let http2 { http2.peerClosed(now: now) } else { machine.peerClosed(now: now) }
    }

    func protocolPeerClosedBehindUnreadInput(now: UInt64) {
        if let http2 { http2.peerClosedBehindUnreadInput(now: now) } else { machine.peerClosedBehindUnreadInput(now: now) }
    }

    @inline(__always)
    func protocolTransportFailed(now: UInt64) {
        if let http2 { http2.transportFailed(now: now) } else { machine.transportFailed(now: now) }
    }

    @inline(__always)
    func protocolTimerFired(now: UInt64) {
        if let http2 { http2.timerFired(now: now) } else { machine.timerFired(now: now) }
    }

    @inline(__always)
    func protocolWoken(now: UInt64) {
        if let http2 { http2.woken(now: now) } else { machine.woken(now: now) }
    }

    func protocolDrainRequested(now: UInt64) {
        if let http2 { http2.drainRequested(now: now) } else { machine.drainRequested(now: now) }
    }

    func protocolStopRequested() {
        if let http2 { http2.stopRequested() } else { machine.stopRequested() }
    }

    @inline(__always)
    func protocolSent(_ count: Int, now: UInt64) {
        if let http2 { http2.sent(count, now: now) } else { machine.sent(count, now: now) }
    }

    // MARK: Output of the protocol machine

    @inline(__always)
    var hasPendingOutput: Bool {
        if let http2 { return http2.hasPendingOutput }
        return machine.hasPendingOutput
    }

    @inline(__always)
    func withPendingOutput<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let http2 { return http2.withPendingOutput(body) }
        return machine.withPendingOutput(body)
    }

    @inline(__always)
    func nextAction() -> ConnectionAction? {
        if let http2 { return http2.nextAction() }
        return machine.nextAction()
    }
}

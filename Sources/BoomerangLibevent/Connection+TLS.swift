// The TLS path of a connection on an HTTPS listener. Ciphertext read from the socket goes into the
// session, and the plaintext it yields into the state machine; the machine's output is encrypted
// in batches, and a batch is taken only when the socket has taken all of the last one, so the
// ciphertext held per connection stays bounded and the machine's backpressure and write timeout
// see the socket as they do without TLS. Closing sends `close_notify` first; a reset does not.
import BoomerangExchange
import BoomerangHTTP1
import BoomerangHTTP2
import BoomerangRuntime
import BoomerangTLS

#if canImport(Glibc)
import Glibc
#endif

/// The TLS side of one connection: the session, its deadline and the ciphertext the socket has
/// not taken yet.
final class TLSState {
    let session: TLSSession
    let context: TLSServerContext
    /// The handshake's deadline, until the handshake is over.
    var deadline: Event?
    /// When the connection was accepted (monotonic nanoseconds).
    let startedAt: UInt64
    /// Whether a failed handshake has been reported already.
    var isReported = false
    /// Ciphertext taken from the session and only partly sent: `unsent[unsentOffset...]`.
    var unsent: [UInt8] = []
    var unsentOffset = 0
    /// The machine asked for its write side to be shut while ciphertext was still waiting.
    var shutsDownWhenFlushed = false
    /// The machine asked to close while ciphertext was still waiting.
    var closesWhenFlushed = false
    /// Whether the machine has been told of the finished handshake.
    var isSecured = false
    /// Whether any byte has arrived: the first tells TLS from plain HTTP.
    var hasInput = false
    /// The truncation scenario cut the first response: the connection ends, without
    /// `close_notify`, once the ciphertext of its first half is sent.
    var cutsWhenFlushed = false
    /// The handshake waits for a scenario's certificate: the next wake resumes it.
    var awaitsCredential = false
    /// The handshake failed and its alert is sent, or the truncation scenario's cut is: nothing
    /// more is sent, and input is read and dropped until the client closes or the linger time
    /// passes.
    var discardsInput = false

    /// Holds one of the context's places for handshakes under way until ``handshakeEnded()``.
    init(session: TLSSession, context: TLSServerContext, deadline: Event, startedAt: UInt64) {
        self.session = session
        self.context = context
        self.deadline = deadline
        self.startedAt = startedAt
    }

    var hasUnsent: Bool { unsentOffset < unsent.count }

    /// The handshake is over, finished or not: its deadline and its place go.
    func handshakeEnded() {
        guard let deadline else { return }
        deadline.free()
        self.deadline = nil
        context.handshakeEnded()
    }

    /// The connection closes.
    func end() {
        handshakeEnded()
    }
}

extension Connection {
    /// The most plaintext encrypted at once: four full records.
    static let plaintextBatch = 64 << 10
    /// How long a closing connection may take to send its last ciphertext (`close_notify`
    /// behind the response) to a client that does not read.
    static let closingFlushNanoseconds: UInt64 = 5_000_000_000
    /// How long a connection whose handshake failed, or whose response was cut, reads and drops
    /// what the client still sends, for the client to read the alert or the end.
    static let lingerNanoseconds: UInt64 = 2_000_000_000

    private enum Sending {
        case flushed, blocked, failed
    }

    /// Ciphertext arrived: run the handshake, and hand whatever plaintext it yields to the machine.
    func receivedCiphertext(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        guard let tls, !tls.discardsInput else { return }
        if !tls.hasInput {
            tls.hasInput = true
            if Self.looksLikePlainHTTP(bytes) { return answerPlainHTTP(bytes) }
        }
        tls.session.receive(bytes)
        // The wake that comes with the credential runs the session with this input too.
        if tls.awaitsCredential { return }
        runSession(tls, now: now)
    }

    /// Runs the handshake as far as the session's input allows, and hands what plaintext it
    /// yields to the machine.
    private func runSession(_ tls: TLSState, now: UInt64) {
        let buffer = loop.readBuffer
        while !isClosed {
            let result = tls.session.read(into: buffer)
            if !tls.isSecured, let security = tls.session.security {
                tls.isSecured = true
                tls.handshakeEnded()
                if security.alpn == "h2", let configuration = loop.host.http2Configuration {
                    guard startHTTP2(configuration: configuration, edges: tls.session.policy.http2Edges, security: security, now: now)
                    else { return close() }
                } else {
                    machine.secured(by: security)
                }
            }
            switch result {
            case .plaintext(let count):
                protocolReceived(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), now: now)
                perform(now: now)
            case .needsInput:
                // The handshake's own messages (and session tickets) wait as ciphertext.
                if tls.session.pendingCiphertext > 0 { flushSecured(now: now) }
                return
            case .closedByPeer:
                protocolPeerClosed(now: now)
                return
            case .failed(let error):
                handshakeFailed(error, now: now)
                return
            case .fault(.reset):
                reportUnfinishedHandshake(.scenario, now: now)
                resetNow()
                return
            case .fault(.stall), .fault(.alert):
                // Stalled on purpose: the handshake deadline ends it.
                return
            case .awaitingCredential:
                // A scenario's certificate is being made on a thread of its own: the handshake
                // goes on when it is ready and wakes the connection, or at once if it is already.
                let waker = ConnectionWaker(target: loop.handle, connectionID: id)
                guard tls.session.awaitedCredential?.notify(when: { waker.wake() }) == true else { continue }
                tls.awaitsCredential = true
                return
            }
        }
    }

    /// The handshake or a record failed: send the alert OpenSSL queued, if the socket takes it
    /// now, and close; after a failed handshake, lingering as HTTP/1.1 and HTTP/2 do. A client may
    /// already have sent more (in TLS 1.3 its first request follows its Finished at once, before
    /// the server has checked its certificate): closing on that unread input would send a reset,
    /// which can reach the client before the alert does, and the client would report the reset
    /// instead of the alert.
    private func handshakeFailed(_ error: TLSError, now: UInt64) {
        reportUnfinishedHandshake(.other, now: now)
        // A record that fails after the handshake ends a connection whose machine is running:
        // it closes at once, as before.
        guard let tls, !tls.isSecured, sendCiphertext(now: now) == .flushed else { return close() }
        tls.handshakeEnded()
        linger(tls)
    }

    /// Ends the connection by a FIN after what was sent, then reads and drops the client's
    /// input for a while before closing. Closing on input not read (a client's request after
    /// its Finished, an HTTP/2 WINDOW_UPDATE) would send a reset, which can overtake what was
    /// sent: the client would report the reset instead of the alert or the cut.
    private func linger(_ tls: TLSState) {
        tls.discardsInput = true
        tls.closesWhenFlushed = true
        // Nothing more is written, and a socket whose write side is shut is always writable.
        waitForWritable(false)
        resumeReading()
        shutdown(fd, Int32(SHUT_WR))
        armTimer(afterNanoseconds: Connection.lingerNanoseconds)
    }

    /// The credential the handshake waited for is ready: the handshake goes on.
    func resumeHandshake(now: UInt64) {
        guard let tls, tls.awaitsCredential else { return }
        tls.awaitsCredential = false
        runSession(tls, now: now)
    }

    /// The handshake's deadline passed.
    func handshakeTimedOut() {
        guard !isClosed, let tls, !tls.session.isHandshakeComplete else { return }
        reportUnfinishedHandshake(.timedOut, now: MonotonicClock.nanoseconds())
        close()
    }

    /// Tells the services of a handshake that ends unfinished, once, and only when the client
    /// sent something: a connection opened and left unused (a browser's preconnect, a port
    /// check) is no failed handshake.
    func reportUnfinishedHandshake(_ cause: HandshakeFailure.Cause, now: UInt64) {
        guard let tls, !tls.session.isHandshakeComplete, tls.hasInput, !tls.isReported else { return }
        tls.isReported = true
        let micros = Int((now &- tls.startedAt) / 1000)
        loop.services.handshakeFailed(tls.session.failureReport(cause: cause, durationMicroseconds: micros), remote: remoteHost)
    }

    /// Sends waiting ciphertext, then encrypts and sends the machine's output, a batch at a time,
    /// until the socket is full or nothing is left.
    func flushSecured(now: UInt64) {
        guard let tls, !tls.discardsInput else { return }
        var budget = Connection.maxBytesPerFlush
        while true {
            switch sendCiphertext(now: now) {
            case .failed:
                // A closing connection whose client is gone has nothing left to wait for.
                if tls.closesWhenFlushed { close() }
                return
            case .blocked: return waitForWritable(true)
            case .flushed: break
            }
            if tls.cutsWhenFlushed {
                tls.cutsWhenFlushed = false
                return linger(tls)
            }
            guard hasPendingOutput, tls.session.isHandshakeComplete, budget > 0, !tls.closesWhenFlushed else { break }
            // Over HTTP/2 the server's SETTINGS go first, whole: the cut is in the first response.
            let truncates = tls.session.policy.truncatesResponse && (http2?.hasResponded ?? true)
            let taken = withPendingOutput { bytes in
                let batch = truncates ? bytes.prefix(max(1, bytes.count / 2)) : bytes.prefix(Connection.plaintextBatch)
                return tls.session.write(UnsafeRawBufferPointer(rebasing: batch))
            }
            if truncates {
                tls.cutsWhenFlushed = true
                continue
            }
            guard taken > 0 else {
                protocolTransportFailed(now: now)
                return
            }
            protocolSent(taken, now: now)
            budget -= taken
        }
        waitForWritable(budget <= 0 && hasPendingOutput)
        if tls.shutsDownWhenFlushed {
            tls.shutsDownWhenFlushed = false
            shutdown(fd, Int32(SHUT_WR))
        }
        if tls.closesWhenFlushed { close() }
    }

    /// The machine shuts its write side: `close_notify`, then the socket's write side once it is sent.
    func shutDownSecured(now: UInt64) {
        guard let tls else { return }
        tls.session.shutdown()
        tls.shutsDownWhenFlushed = true
        flushSecured(now: now)
    }

    /// The machine closes: `close_notify` first, sent if the client takes it within
    /// ``closingFlushNanoseconds``.
    func closeSecured(now: UInt64) {
        guard let tls else { return }
        tls.session.shutdown()
        tls.closesWhenFlushed = true
        flushSecured(now: now)
        if !isClosed { armTimer(afterNanoseconds: Connection.closingFlushNanoseconds) }
    }

    /// Moves the session's ciphertext to the socket.
    private func sendCiphertext(now: UInt64) -> Sending {
        guard let tls else { return .flushed }
        let buffer = loop.ciphertextBuffer
        while true {
            if tls.hasUnsent {
                let written = tls.unsent.withUnsafeBytes { bytes in
                    send(fd, bytes.baseAddress! + tls.unsentOffset, bytes.count - tls.unsentOffset, Int32(MSG_NOSIGNAL))
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { return .blocked }
                    protocolTransportFailed(now: now)
                    return .failed
                }
                tls.unsentOffset += written
                guard !tls.hasUnsent else { return .blocked }
                tls.unsent.removeAll(keepingCapacity: true)
                tls.unsentOffset = 0
            }
            let count = tls.session.takeCiphertext(into: buffer)
            guard count > 0 else { return .flushed }
            var written = send(fd, buffer.baseAddress, count, Int32(MSG_NOSIGNAL))
            if written < 0 {
                guard errno == EAGAIN || errno == EINTR else {
                    protocolTransportFailed(now: now)
                    return .failed
                }
                written = 0
            }
            if written < count {
                tls.unsent.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[written..<count]))
            }
        }
    }

    /// Whether the first bytes on an HTTPS port are an HTTP request line (a method's capital
    /// letters) rather than a TLS record (whose first byte is a content type, 20 to 24).
    private static func looksLikePlainHTTP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return false }
        return (0x41...0x5A).contains(first)
    }

    /// Answers plain HTTP on the HTTPS port in plain HTTP, as nginx does, and closes.
    private func answerPlainHTTP(_ input: UnsafeRawBufferPointer) {
        let error = ServerError(.plainHTTPToHTTPSPort, "this port speaks HTTPS: use an https:// URL")
        loop.services.requestRefused(remote: remoteHost, status: error.status, reason: error.code.name)
        loop.services.refused(error, exchange: nil, input: input, remote: remoteHost)
        Connection.sendRefusal(error, to: fd)
        close()
    }
}

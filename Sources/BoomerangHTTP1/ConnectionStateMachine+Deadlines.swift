import BoomerangExchange
import BoomerangSerialization

extension ConnectionStateMachine {
    /// Runs what became possible (kept input, stream pulls, the close of an ended input), then
    /// brings the driver's reading and timer up to date. Ends every event.
    mutating func settle(now: UInt64) {
        while true {
            if !input.bytes.isEmpty && !isCongested && takesInput {
                processPendingInput(now: now)
                continue
            }
            switch state {
            case .idle where input.ended && input.bytes.isEmpty:
                closeAfterFlush(now: now)
            case .readingHead where input.ended && input.bytes.isEmpty, .readingBody where input.ended && input.bytes.isEmpty:
                // The input ended in the middle of a request: it can never complete.
                closeAfterFlush(now: now)
            case .delayed where input.ended || input.endReported:
                // The client stopped waiting (its timeout, tested against a delay): closed now, the
                // delay dropped and nothing written, rather than answered into a closed socket when
                // the delay ends. A client that only shut its write side loses this answer; the
                // ones queued before it are still sent.
                closeAfterFlush(now: now)
            case .streaming(let body) where (input.ended || input.endReported) && body.wait != .ready:
                // The same for a stream waiting before its next piece (`/drip`'s delay, a live feed
                // between events): the client is gone, or at least no longer waiting.
                closeAfterFlush(now: now)
            case .closing where output.isEmpty:
                // A close with nothing (left) to send: a reset, or an upgrade that closes.
                outputFlushed(now: now)
                continue
            case .streaming(let body) where body.wait == .ready && wantsStreamPiece:
                pullStream(now: now)
                if case .streaming = state { break }
                continue
            default:
                break
            }
            break
        }
        updateReading(now: now)
        scheduleTimer(now: now)
    }

    /// Whether the state parses requests or feeds an upgrade handler (rather than keeping input
    /// for later or dropping it).
    private var takesInput: Bool {
        switch state {
        case .idle, .readingHead, .readingBody, .upgraded: true
        case .delayed, .streaming, .stalled, .closing, .lingering, .closed: false
        }
    }

    /// Asks the driver to pause or resume reading when what the state wants has changed.
    private mutating func updateReading(now: UInt64) {
        var wanted: Bool
        switch state {
        case .idle, .readingHead, .readingBody, .upgraded:
            wanted = !isCongested
        case .delayed, .streaming, .stalled:
            wanted = input.bytes.count < configuration.maxBufferedInputBytes
        case .lingering:
            wanted = true
        case .closing, .closed:
            wanted = false
        }
        if input.ended { wanted = false }
        guard wanted != readingEnabled else { return }
        readingEnabled = wanted
        if case .closed = state { return }
        emit(wanted ? .resumeReading : .pauseReading)
        guard wanted else { return }
        // The head and body clocks count only time in which the client could send.
        switch state {
        case .readingHead:
            state = .readingHead(since: now)
        case .readingBody:
            if let bytes = request?.exchange.bodyBytes {
                request?.clockStart = now
                request?.bytesBefore = bytes
            }
        default:
            break
        }
    }

    /// The earliest time something must happen, if any.
    func nextDeadline() -> UInt64? {
        let configuration = configuration
        var deadline: UInt64?
        if !output.isEmpty {
            deadline = lastWriteProgress &+ configuration.writeTimeoutNanoseconds
        }
        let stateDeadline: UInt64?
        switch state {
        case .idle(let since):
            stateDeadline = output.isEmpty ? since &+ configuration.idleTimeoutNanoseconds : nil
        case .readingHead(let since):
            stateDeadline = readingEnabled ? since &+ configuration.headerTimeoutNanoseconds : nil
        case .readingBody:
            stateDeadline = readingEnabled ? request.flatMap(bodyRateDeadline) : nil
        case .delayed(let delayed):
            stateDeadline = delayed.until
        case .streaming(let body):
            if case .until(let time) = body.wait { stateDeadline = time } else { stateDeadline = nil }
        case .stalled(let since):
            stateDeadline = since &+ configuration.idleTimeoutNanoseconds
        case .upgraded(let session):
            stateDeadline = session.wakeAt
        case .lingering(let since):
            stateDeadline = since &+ configuration.lingerTimeoutNanoseconds
        case .closing, .closed:
            stateDeadline = nil
        }
        guard let stateDeadline else { return deadline }
        return min(deadline ?? .max, stateDeadline)
    }

    /// When the body's average rate since its clock started falls under the minimum, if no more
    /// bytes arrive; never before the grace period ends.
    private func bodyRateDeadline(_ request: ReadingRequest) -> UInt64? {
        let minimum = configuration.minBodyBytesPerSecond
        guard minimum > 0 else { return nil }
        let bytes = UInt64(max(0, request.exchange.bodyBytes - request.bytesBefore))
        let (scaled, overflow) = bytes.multipliedReportingOverflow(by: ConnectionConfiguration.second)
        let lasting = overflow ? UInt64.max / 2 : scaled / UInt64(minimum) &+ 1
        return request.clockStart &+ max(configuration.bodyRateGracePeriodNanoseconds, lasting)
    }

    /// Arms the timer when the next deadline is earlier than the one armed. A later deadline
    /// keeps the armed timer: it fires early, finds nothing due and arms again.
    private mutating func scheduleTimer(now: UInt64) {
        if case .closed = state { return }
        guard let deadline = nextDeadline() else { return }
        if let armedDeadline, armedDeadline <= deadline { return }
        armedDeadline = deadline
        emit(.armTimer(at: deadline))
    }

    /// Acts on every deadline that has passed.
    mutating func checkDeadlines(now: UInt64) {
        if !output.isEmpty && now >= lastWriteProgress &+ configuration.writeTimeoutNanoseconds {
            return close(.close, cause: .writeTimeout)
        }
        switch state {
        case .idle(let since):
            if output.isEmpty && now >= since &+ configuration.idleTimeoutNanoseconds {
                close(.close)
            }
        case .readingHead(let since):
            if readingEnabled && now >= since &+ configuration.headerTimeoutNanoseconds {
                let seconds = Double(configuration.headerTimeoutNanoseconds) / 1e9
                refuse(ServerError(.headerTimeout, "the request head did not arrive within \(seconds) s"), now: now)
            }
        case .readingBody:
            if readingEnabled, let request, let deadline = bodyRateDeadline(request), now >= deadline {
                let elapsed = max(1, (now &- request.clockStart) / 1_000_000)
                let rate = (request.exchange.bodyBytes - request.bytesBefore) * 1000 / Int64(elapsed)
                let minimum = configuration.minBodyBytesPerSecond
                refuse(
                    ServerError(.bodyTooSlow, "the body arrived at \(rate) bytes/s, under the minimum of \(minimum)"),
                    now: now)
            }
        case .delayed(let delayed):
            if now >= delayed.until {
                var exchange = delayed.exchange
                respond(&exchange, delayed.response, now: now)
            }
        case .streaming(let body):
            if case .until(let time) = body.wait, now >= time {
                body.wait = .ready
            }
        case .stalled(let since):
            if now >= since &+ configuration.idleTimeoutNanoseconds {
                close(.close)
            }
        case .upgraded(let session):
            if let wakeAt = session.wakeAt, now >= wakeAt {
                session.wakeAt = nil
                apply(session.handler.wake(now: now), now: now)
            }
        case .lingering(let since):
            if now >= since &+ configuration.lingerTimeoutNanoseconds {
                close(.close)
            }
        case .closing, .closed:
            break
        }
    }

    /// Everything queued has left.
    mutating func outputFlushed(now: UInt64) {
        switch state {
        case .closing(.linger) where !input.ended:
            emit(.shutdownWrite)
            input.bytes = []
            state = .lingering(since: now)
        case .closing(let mode):
            close(mode == .reset ? .reset : .close)
        case .idle where isDraining:
            emit(.shutdownWrite)
            input.bytes = []
            state = .lingering(since: now)
        case .idle:
            // The idle clock starts when the last byte has left, not when the response was built.
            state = .idle(since: now)
        default:
            break
        }
    }

    /// Closes once the queued output has left, or now when there is none: the client has ended
    /// its side.
    mutating func closeAfterFlush(now: UInt64) {
        guard !output.isEmpty else { return close(.close) }
        abandonExchange(.clientClosed)
        input.bytes = []
        state = .closing(.close)
    }

    /// Closes now, dropping whatever is queued; an exchange in progress ended for `cause`.
    mutating func close(_ mode: CloseMode, cause: Exchange.EndCause = .clientClosed) {
        switch state {
        case .closed:
            return
        default:
            abandonExchange(cause)
        }
        state = .closed
        if !output.isEmpty { cutUnsentResponses(cause) }
        output.removeAll()
        input.bytes = []
        readingEnabled = false
        armedDeadline = nil
        emit(mode == .reset ? .reset : .close)
    }
}

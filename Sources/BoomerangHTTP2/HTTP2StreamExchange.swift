import BoomerangExchange
import BoomerangHTTP2Wire
import BoomerangSerialization

/// One request and its response on an HTTP/2 stream, from its head to the end of its response.
final class HTTP2StreamExchange {
    /// Where the exchange is.
    enum Phase {
        /// The request body is arriving.
        case receiving
        /// The request is complete; its response is held back until `until`.
        case delayed(Response, until: UInt64)
        /// The response's head is sent; its body comes from a stream.
        case streaming(StreamedBody)
        /// A stall fault: the head (or nothing) is sent and the stream stays open, silent, until
        /// the client gives up or `until` (the idle timeout), when it is reset.
        case stalled(until: UInt64)
        /// The response is with the library in full; the stream closes when it has left.
        case answered
        /// An extended CONNECT was answered 200 with a ``ConnectionUpgrade`` (WebSocket over
        /// HTTP/2, RFC 8441): the stream's DATA both ways is the upgraded protocol's bytes.
        case tunnel(Tunnel)
    }

    /// The protocol a stream carries after its extended CONNECT was accepted.
    final class Tunnel {
        var handler: any ConnectionUpgrade
        /// When the handler asked to be woken.
        var wakeAt: UInt64?
        /// Bytes the handler took whose stream window (not the connection's) is reopened only
        /// once its output has drained below the refill mark: a client that does not read what
        /// it is sent cannot send more on this stream.
        var unconsumed = 0

        init(handler: any ConnectionUpgrade) {
            self.handler = handler
        }
    }

    /// How a streamed body waits for its next piece.
    enum Wait: Equatable {
        case ready
        case until(UInt64)
        case woken
    }

    /// A response body pulled from its stream while the client takes it.
    final class StreamedBody {
        var stream: any ResponseBodyStream
        let response: Response
        /// The head as text, for the history.
        let head: [UInt8]
        /// Whether the history records the response when the stream ends (a response with a
        /// fault was recorded at its start).
        let recordsAtEnd: Bool
        var wait = Wait.ready
        /// The bytes owed under `content-length` (none when no length was announced), and those
        /// before a `closeMidBody` fault resets the stream.
        var limits: StreamedBodyLimits
        /// The RST_STREAM code of that reset.
        var cutCode = HTTP2ErrorCode.internalError

        init(stream: any ResponseBodyStream, response: Response, head: [UInt8], recordsAtEnd: Bool, remaining: Int?, cutAfter: Int?) {
            self.stream = stream
            self.response = response
            self.head = head
            self.recordsAtEnd = recordsAtEnd
            limits = StreamedBodyLimits(remaining: remaining, cutAfter: cutAfter)
        }
    }

    let id: Int32
    var exchange: Exchange
    var responder: RoutedResponder
    var phase = Phase.receiving
    var trailers = HTTPHeaders()
    /// The request was answered before its body ended (an early answer, a body over the limit):
    /// what still arrives is counted against the windows and dropped.
    var isAnsweredEarly = false
    /// The request is an extended CONNECT (RFC 8441): complete with its head, its stream then
    /// carries another protocol.
    var isExtendedConnect = false
    /// What the client sent on an extended CONNECT's stream before the route accepted it (its
    /// answer was delayed), for the tunnel once it starts, and whether the client ended its side
    /// meanwhile. The stream's window is not reopened for these bytes, so it bounds them.
    var earlyTunnelInput: [UInt8] = []
    var earlyTunnelEnded = false
    /// The request asked for ``TransportFault/windowStall``: its body's window is never reopened.
    var holdsWindow = false
    /// When the request's head or last body bytes arrived: a request whose body stops arriving
    /// for the idle timeout is answered 408.
    var lastInput: UInt64 = 0
    /// The response was cut short: once its head and the data before the cut have been framed,
    /// the stream is reset with this code.
    var resetWhenFlushed: UInt32?
    /// The history's entry for a whole response, amended if the response does not leave whole
    /// (0: none).
    var historyEntry = 0
    /// Response body bytes the library had framed when last looked at, and since when it has
    /// held bytes without framing more (the client's window is shut); nil while it holds none.
    var framedBytes = 0
    var outputWaitingSince: UInt64?
    /// Why the server ended the stream itself, when it did for a deadline.
    var endCause: Exchange.EndCause?
    /// When the server ended a tunnel's side (END_STREAM): the client has the idle timeout to end
    /// its own, then the stream is reset.
    var tunnelEndedAt: UInt64?

    init(id: Int32, exchange: Exchange, responder: RoutedResponder) {
        self.id = id
        self.exchange = exchange
        self.responder = responder
    }

    /// When the exchange needs the machine again, if it waits for a time; `idle` is the idle
    /// timeout a request body may pause for, `write` how long its response may wait for the
    /// client's window.
    func deadline(idle: UInt64, write: UInt64) -> UInt64? {
        let own: UInt64? =
            switch phase {
            case .receiving where !isAnsweredEarly: lastInput &+ idle
            case .delayed(_, let until): until
            case .streaming(let body): if case .until(let time) = body.wait { time } else { nil }
            case .stalled(let until): until
            case .tunnel(let tunnel): tunnel.wakeAt
            case .answered: tunnelEndedAt.map { $0 &+ idle }
            case .receiving: nil
            }
        guard let waiting = outputWaitingSince else { return own }
        return min(own ?? .max, waiting &+ write)
    }

    /// Notes whether the library framed more of the response since the last look, and whether
    /// what it holds waits for the client's window (output held back by the socket has the
    /// connection's write timeout).
    func noteOutput(pending: Int, framed: Int, windowShut: Bool, now: UInt64) {
        if pending == 0 || !windowShut {
            outputWaitingSince = nil
        } else if framed != framedBytes || outputWaitingSince == nil {
            outputWaitingSince = now
        }
        framedBytes = framed
    }
}

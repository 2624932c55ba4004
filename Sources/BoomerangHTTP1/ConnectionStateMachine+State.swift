import BoomerangExchange
import BoomerangSerialization

extension ConnectionStateMachine {
    /// Where the connection is. Payloads are scalars or references, so that every event can
    /// switch on the state without copying requests or responses.
    enum State {
        /// No request in progress; `since` is when the last output left (the idle clock).
        case idle(since: UInt64)
        /// Part of a request head has been parsed.
        case readingHead(since: UInt64)
        /// The head is complete and the body arriving; the request is in ``ConnectionStateMachine/request``.
        case readingBody
        /// The request is complete; its response is held back.
        case delayed(DelayedResponse)
        /// The head is queued; the body comes from a stream.
        case streaming(StreamedBody)
        /// A stall fault: nothing more is sent until the client gives up or the idle timeout.
        case stalled(since: UInt64)
        /// After a 101: every byte goes to the upgrade handler.
        case upgraded(UpgradeSession)
        /// The last bytes are queued; once they have left, the connection closes this way.
        case closing(CloseMode)
        /// The write side is shut; input is read and dropped until the client closes.
        case lingering(since: UInt64)
        case closed
    }

    enum CloseMode: Equatable {
        case linger
        case close
        case reset
    }

    /// A request whose body is arriving.
    struct ReadingRequest {
        var exchange: Exchange
        var responder: RoutedResponder
        /// When the body started to count against the minimum rate, and the body bytes before then.
        var clockStart: UInt64
        var bytesBefore: Int64 = 0
    }

    /// A response held back by its delay.
    final class DelayedResponse {
        let exchange: Exchange
        let response: Response
        let until: UInt64

        init(exchange: Exchange, response: Response, until: UInt64) {
            self.exchange = exchange
            self.response = response
            self.until = until
        }
    }

    /// A response body being pulled from the connection's own copy of its stream.
    final class StreamedBody {
        enum Wait: Equatable {
            case ready
            case until(UInt64)
            case woken
        }

        var exchange: Exchange
        var stream: any ResponseBodyStream
        /// The response and its head as written, while its recording waits for the stream to
        /// end (so that the history gets the bytes sent and whether the client stayed); nil when
        /// it was recorded already.
        let unrecorded: (response: Response, head: [UInt8])?
        /// The connection's queued total before the head: how much of the response has left.
        let startOffset: Int
        var wait = Wait.ready
        /// The bytes owed under `Content-Length` (none for chunked or close-delimited bodies), and
        /// those before a `closeMidBody` fault closes the connection.
        var limits: StreamedBodyLimits
        let chunked: Bool
        let keepAlive: Bool

        init(
            exchange: Exchange, stream: any ResponseBodyStream, unrecorded: (response: Response, head: [UInt8])?, startOffset: Int,
            remaining: Int?, chunked: Bool, keepAlive: Bool, cutAfter: Int?
        ) {
            self.exchange = exchange
            self.stream = stream
            self.unrecorded = unrecorded
            self.startOffset = startOffset
            limits = StreamedBodyLimits(remaining: remaining, cutAfter: cutAfter)
            self.chunked = chunked
            self.keepAlive = keepAlive
        }
    }

    /// The connection's own copy of an upgrade handler, and when it asked to be woken.
    final class UpgradeSession {
        var handler: any ConnectionUpgrade
        var wakeAt: UInt64?

        init(_ handler: any ConnectionUpgrade) {
            self.handler = handler
        }
    }

    /// Input read but not parsed yet, and whether the client has ended its side.
    struct PendingInput {
        var bytes: [UInt8] = []
        var ended = false
        /// The driver learnt that the client ended its side while reading was paused, behind
        /// bytes still unread in the socket; `ended` waits for those bytes to be read.
        var endReported = false
    }
}

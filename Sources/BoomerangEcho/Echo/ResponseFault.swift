import BoomerangExchange

/// The transport fault an echo asks for with `x-set-response-fault`: `reset`,
/// `close-after-headers`, `close-mid-body[:bytes]` (half the body by default), `malformed-chunk`,
/// `garbage`, `stall`, or `drip[:milliseconds]` (the body in up to 20 pieces spread over that
/// time, 2000 by default, capped by the delay limit; the framing stays intact).
package enum ResponseFault: Equatable {
    case transport(TransportFault)
    /// Close after this many body bytes; nil for half the body.
    case closeMidBody(bytes: Int?)
    /// Send the body slowly, over this many milliseconds.
    case drip(milliseconds: Int)

    /// The most pieces a dripped body is cut into.
    package static let maxDripPieces = 20
    /// How long a drip lasts when no time is given.
    package static let defaultDripMilliseconds = 2000

    /// The accepted values, for error messages.
    package static let expected =
        "reset, close-after-headers, close-mid-body[:bytes], malformed-chunk, garbage, stall or drip[:milliseconds]"

    /// Reads a value; nil when it is not one of ``expected``.
    package init?(_ text: String, maxDelayMilliseconds: Int) {
        let lowered = text.trimmingSpaces().lowercased()
        let parts = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0]
        let argument = parts.count > 1 ? Int(parts[1]) : nil
        if parts.count > 1 && (argument == nil || argument! < 0) { return nil }
        switch name {
        case "reset" where parts.count == 1: self = .transport(.reset)
        case "close-after-headers" where parts.count == 1: self = .transport(.closeAfterHeaders)
        case "close-mid-body": self = .closeMidBody(bytes: argument)
        case "malformed-chunk" where parts.count == 1: self = .transport(.malformedChunk)
        case "garbage" where parts.count == 1: self = .transport(.garbage())
        case "stall" where parts.count == 1: self = .transport(.stall)
        case "drip": self = .drip(milliseconds: min(argument ?? Self.defaultDripMilliseconds, maxDelayMilliseconds))
        default: return nil
        }
    }

    /// Breaks `response` as asked.
    package func apply(to response: inout Response) {
        switch self {
        case .transport(let fault):
            response.fault = fault
        case .closeMidBody(let bytes):
            response.fault = .closeMidBody(afterBytes: bytes ?? response.body.count / 2)
        case .drip(let milliseconds):
            let body = response.body
            let pieces = max(1, min(body.count, Self.maxDripPieces))
            let pieceSize = (body.count + pieces - 1) / max(1, pieces)
            let pause = pieces > 1 ? UInt64(milliseconds) * 1_000_000 / UInt64(pieces - 1) : 0
            response.bodyStream = FixedBodyStream(body: body, pieceSize: pieceSize, pauseNanoseconds: pause, announcesLength: true)
            response.body = []
        }
    }
}

import BoomerangExchange

/// The transport fault an echo asks for with `x-set-response-fault`: `reset`,
/// `close-after-headers`, `close-mid-body[:bytes]` (half the body by default), `malformed-chunk`,
/// `garbage`, `stall`, or `drip[:milliseconds]` (the body in up to 20 pieces spread over that
/// time, 2000 by default, capped by the delay limit; the framing stays intact); and for HTTP/2
/// (each with an HTTP/1.1 meaning, ``TransportFault/http1Meaning``): `h2-reset[:code]`,
/// `h2-reset-after-headers[:code]`, `h2-reset-after:bytes[:code]` (RST_STREAM, code by RFC name
/// or number, INTERNAL_ERROR by default), `h2-goaway[:code[:last-stream]]` and
/// `h2-ping-storm[:count]` (1–1000, 100 by default) and `h2-window-stall` (the request body's
/// window never reopened).
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
        "reset, close-after-headers, close-mid-body[:bytes], malformed-chunk, garbage, stall, drip[:milliseconds], "
        + "h2-reset[:code], h2-reset-after-headers[:code], h2-reset-after:bytes[:code], h2-goaway[:code[:last-stream]], "
        + "h2-ping-storm[:count] or h2-window-stall"

    /// The most PING frames `h2-ping-storm` sends.
    package static let maxPings = 1000

    /// Reads a value; nil when it is not one of ``expected``.
    package init?(_ text: String, maxDelayMilliseconds: Int) {
        let lowered = text.trimmingSpaces().lowercased()
        if lowered.hasPrefix("h2-") {
            guard let fault = Self.http2(lowered) else { return nil }
            self = .transport(fault)
            return
        }
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

    /// The HTTP/2 faults: `name[:argument…]`, arguments separated by `:`.
    private static func http2(_ text: String) -> TransportFault? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let arguments = parts.dropFirst()
        func code(at index: Int) -> UInt32?? {
            guard arguments.count > index else { return .some(nil) }
            return HTTP2ErrorCode.named(arguments[arguments.startIndex + index]).map { .some($0) } ?? nil
        }
        switch parts[0] {
        case "h2-reset" where arguments.count <= 1, "h2-reset-after-headers" where arguments.count <= 1:
            guard let code = code(at: 0) else { return nil }
            return .streamReset(code: code ?? HTTP2ErrorCode.internalError, at: parts[0] == "h2-reset" ? .beforeHeaders : .afterHeaders)
        case "h2-reset-after" where (1...2).contains(arguments.count):
            guard let bytes = Int(arguments[arguments.startIndex]), bytes >= 0, let code = code(at: 1) else { return nil }
            return .streamReset(code: code ?? HTTP2ErrorCode.internalError, at: .afterBodyBytes(bytes))
        case "h2-goaway" where arguments.count <= 2:
            guard let code = code(at: 0) else { return nil }
            var last: Int32?
            if arguments.count == 2 {
                guard let value = Int32(arguments[arguments.startIndex + 1]), value >= 0 else { return nil }
                last = value
            }
            return .goAway(code: code ?? HTTP2ErrorCode.noError, lastStream: last)
        case "h2-ping-storm" where arguments.count <= 1:
            var count = 100
            if let first = arguments.first {
                guard let value = Int(first), (1...maxPings).contains(value) else { return nil }
                count = value
            }
            return .pingStorm(count: count)
        case "h2-window-stall" where arguments.isEmpty:
            return .windowStall
        default:
            return nil
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

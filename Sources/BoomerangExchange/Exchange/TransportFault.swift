/// A way to break a response on purpose, so that a client's error handling meets real transport
/// failures: set ``Response/fault`` and the connection misbehaves instead of answering normally
/// (after the response's delay, if any), or return ``ResponseBodyStep/fault(_:)`` from a stream
/// to break it mid-body.
///
/// An open set of values: use the static members.
///
/// ```swift
/// var response = Response(status: 200, body: Array(repeating: 0x61, count: 1000))
/// response.fault = .closeMidBody(afterBytes: 100)
/// ```
public struct TransportFault: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case reset
        case closeAfterHeaders
        case closeMidBody(afterBytes: Int)
        case malformedChunk
        case garbage([UInt8])
        case stall
        case streamReset(code: UInt32, at: ResetPoint)
        case goAway(code: UInt32, lastStream: Int32?)
        case pingStorm(count: Int)
        case windowStall
    }

    /// Where an HTTP/2 stream reset falls in the response.
    public enum ResetPoint: Sendable, Hashable {
        case beforeHeaders
        case afterHeaders
        case afterBodyBytes(Int)
    }

    public let kind: Kind

    /// Resets the connection (an RST, through `SO_LINGER` 0 and a close) instead of answering;
    /// responses queued before this one are sent first.
    public static let reset = TransportFault(kind: .reset)

    /// Sends the status line and headers (with the framing of the full body), then closes.
    public static let closeAfterHeaders = TransportFault(kind: .closeAfterHeaders)

    /// Sends the head and the first `afterBytes` bytes of the body, then closes; the head still
    /// announces the full length (or chunked framing), so the client sees a truncated body.
    /// From a stream, closes at once.
    public static func closeMidBody(afterBytes: Int) -> TransportFault {
        TransportFault(kind: .closeMidBody(afterBytes: max(0, afterBytes)))
    }

    /// Sends the head with `Transfer-Encoding: chunked` and a chunk whose size line is not
    /// hexadecimal, then closes.
    public static let malformedChunk = TransportFault(kind: .malformedChunk)

    /// Sends `bytes` instead of a response (or, from a stream, in the middle of the body), then
    /// closes.
    public static func garbage(_ bytes: [UInt8] = TransportFault.defaultGarbage) -> TransportFault {
        TransportFault(kind: .garbage(bytes))
    }

    /// Sends nothing more and keeps the connection open until the client gives up or the idle
    /// timeout (`idle_timeout`) closes it.
    public static let stall = TransportFault(kind: .stall)

    /// HTTP/2: resets the stream with RST_STREAM and `code` (RFC 9113 §7) at `point`; other
    /// streams go on. Over HTTP/1.1: a reset, a close after the headers or mid-body, at the same point.
    public static func streamReset(code: UInt32, at point: ResetPoint) -> TransportFault {
        TransportFault(kind: .streamReset(code: code, at: point))
    }

    /// HTTP/2: sends GOAWAY with `code` and `lastStream` (this request's stream when nil): the
    /// streams up to it are answered, those above it were not processed and the client must
    /// retry them; the connection then closes. Over HTTP/1.1: the answer, with `Connection: close`.
    public static func goAway(code: UInt32, lastStream: Int32?) -> TransportFault {
        TransportFault(kind: .goAway(code: code, lastStream: lastStream))
    }

    /// HTTP/2: sends `count` PING frames, each of which the client must acknowledge, then the
    /// answer. Over HTTP/1.1: the answer alone.
    public static func pingStorm(count: Int) -> TransportFault {
        TransportFault(kind: .pingStorm(count: max(1, count)))
    }

    /// HTTP/2: the request body's flow-control window is never reopened, so the client's upload
    /// stops once it has sent the initial window (65,535 bytes); the body then times out (408
    /// after `idle_timeout`). A body that fits in the window arrives and is met by a stall. Asked
    /// for from the head, before the body. Over HTTP/1.1, which has no window of its own: a stall.
    public static let windowStall = TransportFault(kind: .windowStall)

    /// What ``garbage(_:)`` sends by default: bytes that are not an HTTP status line.
    public static let defaultGarbage: [UInt8] = Array("\u{0}\u{1}NOT-HTTP \u{7f}garbage\r\n\r\n".utf8) + [0xFF, 0xFE]

    /// The fault's name: `reset`, `close-after-headers`, `close-mid-body(100)`, `malformed-chunk`,
    /// `garbage(18 bytes)`, `stall`.
    public var description: String {
        switch kind {
        case .reset: "reset"
        case .closeAfterHeaders: "close-after-headers"
        case .closeMidBody(let count): "close-mid-body(\(count))"
        case .malformedChunk: "malformed-chunk"
        case .garbage(let bytes): "garbage(\(bytes.count) bytes)"
        case .stall: "stall"
        case .streamReset(let code, .beforeHeaders): "h2-reset(\(code))"
        case .streamReset(let code, .afterHeaders): "h2-reset-after-headers(\(code))"
        case .streamReset(let code, .afterBodyBytes(let count)): "h2-reset-after(\(count), \(code))"
        case .goAway(let code, let last): "h2-goaway(\(code)\(last.map { ", \($0)" } ?? ""))"
        case .pingStorm(let count): "h2-ping-storm(\(count))"
        case .windowStall: "h2-window-stall"
        }
    }

    /// The fault's meaning over HTTP/1.1, for the HTTP/2 faults: the nearest HTTP/1.1 fault, or
    /// nil when the answer is sent normally (with `closes` asking for `Connection: close`).
    public var http1Meaning: (fault: TransportFault?, closes: Bool) {
        switch kind {
        case .streamReset(_, .beforeHeaders): (.reset, false)
        case .streamReset(_, .afterHeaders): (.closeAfterHeaders, false)
        case .streamReset(_, .afterBodyBytes(let count)): (.closeMidBody(afterBytes: count), false)
        case .goAway: (nil, true)
        case .pingStorm: (nil, false)
        case .windowStall: (.stall, false)
        default: (self, false)
        }
    }

    /// The size line of the chunk ``malformedChunk`` sends: `Z` is not a hexadecimal digit.
    public static let malformedChunkBytes = Array("Z\r\nthis chunk size is not hexadecimal\r\n".utf8)
}

import BoomerangExchange
import BoomerangSerialization

/// The streamed bodies of Alamofire's test server, Firewalk: `/manyBytes/{n}`, `/chunked/{n}`,
/// `/payloads/{n}`, `/infinite` and `/download/{n}`.
package enum FirewalkStreams {
    /// The most pieces `/chunked` and `/payloads` send (Firewalk's bound).
    package static let maxPieceCount = 100
    /// The largest body `/manyBytes` and `/download` send (Firewalk's bound, 10 MB).
    package static let maxBytes = 10_000_000
    /// Firewalk's pause between the pieces of `/chunked` and `/payloads`, in milliseconds.
    package static let defaultPauseMilliseconds = 20

    /// `/chunked/{count}[/{delay}]`: `count` one-byte chunks (the byte is how many are left,
    /// `count` down to 1), the first at once, then one every `delay` milliseconds.
    package static func chunked(count: Int, pauseMilliseconds: Int) -> PacedBodyProducer {
        PacedBodyProducer(count: count, pauseNanoseconds: UInt64(pauseMilliseconds) * 1_000_000) { index, _ in
            [UInt8(truncatingIfNeeded: count - index)]
        }
    }

    /// `/payloads/{count}[/{delay}]`: `count` copies of Firewalk's reply JSON (``FirewalkReply``
    /// without `data` and `form`), one after the other without separators, the first at once,
    /// then one every `delay` milliseconds.
    package static func payloads(count: Int, pauseMilliseconds: Int, context: RequestContext) -> PacedBodyProducer {
        let reply = FirewalkReply(bodilessContext: context).json
        return PacedBodyProducer(count: count, pauseNanoseconds: UInt64(pauseMilliseconds) * 1_000_000) { _, _ in reply }
    }
}

/// `count` copies of one byte, with `Content-Length`, in pieces of at most 64 KiB: Firewalk's
/// `/manyBytes/{n}` without holding the whole body.
package struct RepeatedByteStream: ResponseBodyStream {
    package let byte: UInt8
    private var left: Int

    package init(byte: UInt8, count: Int) {
        self.byte = byte
        left = count
        contentLength = count
    }

    package let contentLength: Int?

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard left > 0 else { return .end() }
        let size = min(left, 64 * 1024)
        left -= size
        return .bytes([UInt8](repeating: byte, count: size))
    }
}

/// Firewalk's `/infinite`: 64 KiB pieces of `0x01` for as long as the client reads. The
/// connection pulls only while its output is below the high-water mark, so memory stays bounded;
/// the stream ends when the client goes away and the connection closes.
package struct EndlessStream: ResponseBodyStream {
    package static let piece = [UInt8](repeating: 1, count: 64 * 1024)

    package var contentLength: Int? { nil }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        .bytes(Self.piece)
    }
}

/// Firewalk's `/download/{n}`: the body in ten equal pieces a millisecond apart, with
/// `Content-Length`; with `shouldProduceError` the connection closes once fewer than half the
/// bytes are left to send (after six pieces), as a dropped network does.
package struct DownloadStream: ResponseBodyStream {
    /// Pieces sent before the close when an error is asked for: after six of ten, 40% is left.
    package static let piecesBeforeError = 6

    private var paced: PacedBodyProducer
    private let producesError: Bool
    package let contentLength: Int?

    /// - Parameter body: the whole body; its length is a multiple of 10.
    package init(body: [UInt8], producesError: Bool) {
        let segment = body.count / 10
        let pieces = body.isEmpty ? 0 : (producesError ? Self.piecesBeforeError : 10)
        self.producesError = producesError && !body.isEmpty
        contentLength = body.count
        paced = PacedBodyProducer(count: pieces, pauseNanoseconds: 1_000_000, contentLength: body.count) { index, _ in
            Array(body[(index * segment)..<((index + 1) * segment)])
        }
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        let step = paced.next(now: now)
        if producesError, case .end = step {
            return .fault(.closeMidBody(afterBytes: 0))
        }
        return step
    }
}

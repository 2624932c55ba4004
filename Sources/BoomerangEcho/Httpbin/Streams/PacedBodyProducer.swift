import BoomerangExchange

/// A body of `count` pieces sent over time, as a pull-based producer: the first piece is due
/// `delay` after the first pull, each next one `pause` later. A pull returns the next piece when it
/// is due, or the time it will be. A late timer never slows the body down: the connection pulls
/// again at once while its output drains, so the pieces that are due follow one another, each a
/// chunk of its own (a line, an event) however late the loop woke. With `mergesDuePieces` one
/// pull returns every piece that is due together (`/drip`'s single bytes). With a `jitter` j in
/// 0...1 each pause is scaled by a factor drawn from 1 - j ... 1 + j (go-httpbin's `jitter`), the
/// factors drawn from a ``SeededGenerator`` so that one seed gives the same schedule every time.
///
/// The connection pulls it as a ``ResponseBodyStream``: `/drip`, `/stream/{n}`, `/sse`, `/jsonl`,
/// `/chunked/{n}` and `/payloads/{n}` are such producers.
package struct PacedBodyProducer: ResponseBodyStream {
    /// Makes piece `index`; `elapsed` is the time since the first pull, in nanoseconds.
    package typealias Piece = @Sendable (_ index: Int, _ elapsed: UInt64) -> [UInt8]

    package let count: Int
    package let delayNanoseconds: UInt64
    package let pauseNanoseconds: UInt64
    /// The exact body length when known in advance (sent as `Content-Length`).
    package let contentLength: Int?
    /// The fraction (0...1) by which each pause may be shorter or longer.
    package let jitter: Double
    private let piece: Piece
    private let mergesDuePieces: Bool
    private var generator: SeededGenerator
    private var start: UInt64?
    private var sent = 0
    /// When the next piece is due, counted from the first pull.
    private var nextOffset: UInt64

    package init(
        count: Int, delayNanoseconds: UInt64 = 0, pauseNanoseconds: UInt64 = 0, jitter: Double = 0, seed: UInt64 = 0,
        contentLength: Int? = nil, mergesDuePieces: Bool = false, piece: @escaping Piece
    ) {
        self.mergesDuePieces = mergesDuePieces
        self.count = count
        self.delayNanoseconds = delayNanoseconds
        self.pauseNanoseconds = pauseNanoseconds
        self.jitter = min(max(jitter, 0), 1)
        self.generator = SeededGenerator(seed: seed)
        self.contentLength = contentLength
        self.piece = piece
        self.nextOffset = delayNanoseconds
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        let start = self.start ?? now
        self.start = start
        guard sent < count else { return .end() }
        var out: [UInt8] = []
        while sent < count, start &+ nextOffset <= now {
            out += piece(sent, now - start)
            sent += 1
            nextOffset &+= nextPause()
            if !mergesDuePieces { break }
        }
        if !out.isEmpty { return .bytes(out) }
        return .wait(until: start &+ nextOffset)
    }

    private mutating func nextPause() -> UInt64 {
        guard jitter > 0, pauseNanoseconds > 0 else { return pauseNanoseconds }
        let unit = Double(generator.next() >> 11) * 0x1p-53
        let scaled = Double(pauseNanoseconds) * (1 + jitter * (2 * unit - 1))
        return UInt64(max(0, scaled.rounded(.down)))
    }
}

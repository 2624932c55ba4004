/// A body of `count` pieces sent over time, as a pull-based producer: the first piece is due
/// `delay` after the first pull, each next one `pause` later. Every pull returns all the pieces
/// that are due (so a late timer never slows the body down), or the time the next one is due;
/// without pauses, one piece per pull, so that each is a chunk of its own.
///
/// The connection pulls it as a ``ResponseBodyStream``: `/drip`, `/stream/{n}`, `/sse`, `/jsonl`,
/// `/chunked/{n}` and `/payloads/{n}` are such producers.
struct PacedBodyProducer: ResponseBodyStream {
    /// Makes piece `index`; `elapsed` is the time since the first pull, in nanoseconds.
    typealias Piece = @Sendable (_ index: Int, _ elapsed: UInt64) -> [UInt8]

    let count: Int
    let delayNanoseconds: UInt64
    let pauseNanoseconds: UInt64
    /// The exact body length when known in advance (sent as `Content-Length`).
    let contentLength: Int?
    private let piece: Piece
    private var start: UInt64?
    private var sent = 0

    init(count: Int, delayNanoseconds: UInt64 = 0, pauseNanoseconds: UInt64 = 0, contentLength: Int? = nil, piece: @escaping Piece) {
        self.count = count
        self.delayNanoseconds = delayNanoseconds
        self.pauseNanoseconds = pauseNanoseconds
        self.contentLength = contentLength
        self.piece = piece
    }

    mutating func next(now: UInt64) -> ResponseBodyStep {
        let start = self.start ?? now
        self.start = start
        guard sent < count else { return .end() }
        var out: [UInt8] = []
        while sent < count, due(sent, start) <= now {
            out += piece(sent, now - start)
            sent += 1
            if pauseNanoseconds == 0 { break }
        }
        if !out.isEmpty { return .bytes(out) }
        return .wait(until: due(sent, start))
    }

    private func due(_ index: Int, _ start: UInt64) -> UInt64 {
        start &+ delayNanoseconds &+ UInt64(index) &* pauseNanoseconds
    }
}

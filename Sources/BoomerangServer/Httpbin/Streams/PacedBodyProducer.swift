/// A body of `count` pieces sent over time, as a pull-based producer: the first piece is due
/// `delay` after the first pull, each next one `pause` later. A pull returns the next piece when it
/// is due, or the time it will be. A late timer never slows the body down: the connection pulls
/// again at once while its output drains, so the pieces that are due follow one another, each a
/// chunk of its own (a line, an event) however late the loop woke. With `mergesDuePieces` one
/// pull returns every piece that is due together (`/drip`'s single bytes).
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
    private let mergesDuePieces: Bool
    private var start: UInt64?
    private var sent = 0

    init(
        count: Int, delayNanoseconds: UInt64 = 0, pauseNanoseconds: UInt64 = 0, contentLength: Int? = nil,
        mergesDuePieces: Bool = false, piece: @escaping Piece
    ) {
        self.mergesDuePieces = mergesDuePieces
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
            if !mergesDuePieces { break }
        }
        if !out.isEmpty { return .bytes(out) }
        return .wait(until: due(sent, start))
    }

    private func due(_ index: Int, _ start: UInt64) -> UInt64 {
        start &+ delayNanoseconds &+ UInt64(index) &* pauseNanoseconds
    }
}

import BoomerangExchange

/// A body sent in `chunks` pieces spread evenly over a duration (WireMock's
/// `chunkedDribbleDelay`): the first piece at once, the next after each interval.
package struct DribbleStream: ResponseBodyStream {
    private let pieces: [[UInt8]]
    private let intervalNanoseconds: UInt64
    private var index = 0
    private var due: UInt64?
    package let contentLength: Int?

    package init(body: [UInt8], chunks: Int, totalMilliseconds: Int) {
        let count = max(1, min(chunks, max(1, body.count)))
        var pieces: [[UInt8]] = []
        var start = 0
        for piece in 0..<count {
            let end = body.count * (piece + 1) / count
            if end > start { pieces.append(Array(body[start..<end])) }
            start = end
        }
        self.pieces = pieces
        intervalNanoseconds = pieces.count > 1 ? UInt64(totalMilliseconds) * 1_000_000 / UInt64(pieces.count - 1) : 0
        contentLength = body.count
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard index < pieces.count else { return .end() }
        if let due, now < due { return .wait(until: due) }
        defer { index += 1 }
        due = now + intervalNanoseconds
        return .bytes(pieces[index])
    }
}

import BoomerangExchange

/// The bytes of `/range/{n}` (a–z repeated) for one range, made a piece at a time as the
/// connection sends them: a slow reader of a large range holds one piece, not the whole body, and
/// a body nobody reads is never made.
package struct RangeBodyStream: ResponseBodyStream {
    /// The bytes made per pull.
    package static let pieceBytes = 32 << 10

    private var next: Int
    private let last: Int
    package let contentLength: Int?

    package init(_ range: ClosedRange<Int>) {
        next = range.lowerBound
        last = range.upperBound
        contentLength = range.count
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard next <= last else { return .end() }
        let end = min(last, next + Self.pieceBytes - 1)
        let piece = RangeResponse.bytes(next...end)
        next = end + 1
        return .bytes(piece)
    }
}

import BoomerangExchange

/// The bytes of a large `/bytes/{n}`, made a piece at a time as the connection sends them: a slow
/// reader of ten megabytes holds one piece, not the whole body. The pieces are whole words of the
/// generator, so the bytes are those ``SeededGenerator/bytes(_:)`` makes in one go.
package struct SeededBytesStream: ResponseBodyStream {
    /// The bytes made per pull: a multiple of the generator's eight bytes a word.
    package static let pieceBytes = 32 << 10

    private var generator: SeededGenerator
    private var left: Int
    package let contentLength: Int?

    package init(count: Int, generator: SeededGenerator) {
        self.generator = generator
        left = count
        contentLength = count
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard left > 0 else { return .end() }
        let piece = generator.bytes(min(left, Self.pieceBytes))
        left -= piece.count
        return .bytes(piece)
    }
}

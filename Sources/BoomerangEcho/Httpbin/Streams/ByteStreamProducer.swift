import BoomerangExchange

/// httpbin's `/stream-bytes/{n}`: n seeded random bytes in chunks of `chunkSize`, the same bytes
/// as `/bytes/{n}` for the same seed.
package struct ByteStreamProducer: ResponseBodyStream {
    private var generator: SeededGenerator
    private var left: Int
    /// Bytes of the last 64-bit value not sent yet, so chunk edges never skip any.
    private var carry: [UInt8] = []
    package let chunkSize: Int

    package init(count: Int, chunkSize: Int, seed: UInt64) {
        generator = SeededGenerator(seed: seed)
        left = count
        self.chunkSize = chunkSize
    }

    /// Unknown in advance as httpbin streams it (chunked).
    package var contentLength: Int? { nil }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard left > 0 else { return .end() }
        let size = min(chunkSize, left)
        left -= size
        var chunk = Array(carry.prefix(size))
        carry.removeFirst(chunk.count)
        let words = (size - chunk.count + 7) / 8
        if words > 0 {
            var fresh = generator.bytes(words * 8)
            let needed = size - chunk.count
            chunk += fresh.prefix(needed)
            fresh.removeFirst(needed)
            carry = fresh
        }
        return .bytes(chunk)
    }
}

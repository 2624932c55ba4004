import BoomerangSamples
import Testing

@testable import BoomerangHTTP1

/// Large arrays are queued as segments of their own; whatever the mix of pieces and however the
/// socket takes them, the bytes come out whole and in order.
@Suite struct OutputBufferTests {
    /// Sends everything, at most `step` bytes per send (a send never crosses a segment).
    private static func drain(_ buffer: inout OutputBuffer, step: Int) -> [UInt8] {
        var sent: [UInt8] = []
        while !buffer.isEmpty {
            let before = buffer.count
            let taken = buffer.withUnsafeBytes { bytes in
                let taken = min(step, bytes.count)
                sent.append(contentsOf: bytes.prefix(taken))
                return taken
            }
            #expect(taken > 0)
            buffer.consume(taken)
            #expect(buffer.count == before - taken)
        }
        return sent
    }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func mixedPiecesComeOutInOrder(step: Int) {
        var seeded = SplitMix64(seed: 5)
        let pieces: [[UInt8]] = [
            seeded.bytes(300), seeded.bytes(3 * OutputBuffer.segmentBytes), seeded.bytes(12),
            seeded.bytes(OutputBuffer.segmentBytes), seeded.bytes(OutputBuffer.segmentBytes - 1), seeded.bytes(5),
        ]
        var buffer = OutputBuffer()
        var expected: [UInt8] = []
        for (index, piece) in pieces.enumerated() {
            if index % 2 == 0 {
                buffer.append(piece)
            } else {
                buffer.append(contentsOf: piece[...])
            }
            expected += piece
            #expect(buffer.count == expected.count)
        }
        #expect(Self.drain(&buffer, step: step) == expected)
        #expect(buffer.isEmpty && buffer.count == 0)
    }

    @Test func appendingWhileSendingKeepsTheOrder() {
        var seeded = SplitMix64(seed: 6)
        var buffer = OutputBuffer()
        var expected: [UInt8] = []
        var sent: [UInt8] = []
        for round in 0..<200 {
            let piece = seeded.bytes(round % 3 == 0 ? OutputBuffer.segmentBytes + round : round + 1)
            buffer.append(piece)
            expected += piece
            let taken = buffer.withUnsafeBytes { bytes in
                let taken = min(1000, bytes.count)
                sent.append(contentsOf: bytes.prefix(taken))
                return taken
            }
            buffer.consume(taken)
        }
        sent += Self.drain(&buffer, step: 333)
        #expect(sent == expected)
    }

    @Test func removeAllDropsEverySegment() {
        var seeded = SplitMix64(seed: 7)
        var buffer = OutputBuffer()
        buffer.append(seeded.bytes(10))
        buffer.append(seeded.bytes(2 * OutputBuffer.segmentBytes))
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.count == 0)
        let after = seeded.bytes(20)
        buffer.append(after)
        #expect(Self.drain(&buffer, step: 8) == after)
    }
}

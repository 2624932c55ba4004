import BoomerangSamples
import Testing

@testable import BoomerangEcho


/// The word-at-a-time count of control characters agrees with a byte-by-byte count, for every
/// byte value at every position in a word and for random text.
@Suite struct BodyPartsTests {
    private static func naiveCount(_ bytes: [UInt8]) -> Int {
        bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.count
    }

    /// In 70 bytes (one 64-byte step, then single bytes), among neighbours that are plain, zero,
    /// allowed, just below 0x20 or with the high bit set.
    @Test(arguments: [UInt8(ascii: "a"), 0x00, 0x0A, 0x1F, 0x80, 0xFF])
    func everyByteValueAtEveryOffset(neighbour: UInt8) {
        for value in 0...255 {
            for offset in 0..<70 {
                var bytes = [UInt8](repeating: neighbour, count: 70)
                bytes[offset] = UInt8(value)
                let counted = bytes.withUnsafeBytes { BodyParts.controlCharacterCount($0) }
                #expect(counted == Self.naiveCount(bytes), "byte \(value) at \(offset)")
            }
        }
    }

    /// The echo needs to know only whether a request's text passes its budget: counting stops
    /// within one 64-byte step of the limit (row R02: 10 MiB of control bytes).
    @Test func countingStopsOncePastTheLimit() {
        let bytes = [UInt8](repeating: 0x01, count: 1 << 20)
        let counted = bytes.withUnsafeBytes { BodyParts.controlCharacterCount($0, stoppingAbove: 1000) }
        #expect(counted > 1000 && counted <= 1064)
        #expect(bytes.withUnsafeBytes { BodyParts.controlCharacterCount($0, stoppingAbove: 1 << 20) } == 1 << 20)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 63, 4099])
    func randomBytesOfManyLengths(length: Int) {
        var seeded = SplitMix64(seed: UInt64(length) + 3)
        // Random bytes, and bytes squeezed below 0x40 so that control characters cluster.
        for squeeze in [false, true] {
            var bytes = seeded.bytes(length)
            if squeeze { bytes = bytes.map { $0 & 0x3F } }
            #expect(bytes.withUnsafeBytes { BodyParts.controlCharacterCount($0) } == Self.naiveCount(bytes))
        }
    }
}

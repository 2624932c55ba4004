import Testing

@testable import BoomerangServer

/// The word-at-a-time count of control characters agrees with a byte-by-byte count, for every
/// byte value at every position in a word and for random text.
@Suite struct BodyPartsTests {
    private static func naiveCount(_ bytes: [UInt8]) -> Int {
        bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.count
    }

    @Test func everyByteValueAtEveryOffset() {
        for value in 0...255 {
            for offset in 0..<17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[offset] = UInt8(value)
                let counted = bytes.withUnsafeBytes(BodyParts.controlCharacterCount)
                #expect(counted == Self.naiveCount(bytes), "byte \(value) at \(offset)")
            }
        }
    }

    @Test(arguments: [0, 1, 7, 8, 9, 63, 4099])
    func randomBytesOfManyLengths(length: Int) {
        var seeded = SeededBytes(seed: UInt64(length) + 3)
        // Random bytes, and bytes squeezed below 0x40 so that control characters cluster.
        for squeeze in [false, true] {
            var bytes = seeded.bytes(length)
            if squeeze { bytes = bytes.map { $0 & 0x3F } }
            #expect(bytes.withUnsafeBytes(BodyParts.controlCharacterCount) == Self.naiveCount(bytes))
        }
    }
}

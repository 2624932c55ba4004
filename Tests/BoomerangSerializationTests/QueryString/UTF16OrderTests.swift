import BoomerangSamples
import Testing

@testable import BoomerangSerialization

@Suite struct UTF16OrderTests {
    @Test(
        arguments: [
            ("B", "Z", true), ("Z", "_", true), ("_", "a", true), ("10", "9", true), ("a", "a", false),
            ("a", "ab", true), ("ab", "a", false), ("\u{1F600}", "\u{FF21}", true), ("\u{FF21}", "\u{1F600}", false),
            ("\u{E000}", "\u{10000}", false), ("é", "z", false), ("\u{7FF}", "\u{800}", true),
        ]
    )
    func ordersLikeCompare(lhs: String, rhs: String, expected: Bool) {
        #expect(UTF16Order.precedes(lhs, rhs) == expected)
    }

    @Test(arguments: 0..<20)
    func agreesWithUTF16CodeUnitOrder(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 31)
        let strings = (0..<40).map { _ in PercentEncoderTests.randomText(using: &generator) }
        for lhs in strings {
            for rhs in strings {
                #expect(UTF16Order.precedes(lhs, rhs) == lhs.utf16.lexicographicallyPrecedes(rhs.utf16), "seed \(seed)")
            }
        }
    }
}

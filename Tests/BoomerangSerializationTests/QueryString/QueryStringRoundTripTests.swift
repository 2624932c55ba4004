import BoomerangSamples
import Testing

@testable import BoomerangSerialization

/// `decode(encode(x)) == x` for random trees that avoid the shapes ``QueryValue`` documents as lossy.
@Suite struct QueryStringRoundTripTests {
    static let variants: [(QueryStringConfiguration, QueryStringDecoder)] = [
        (QueryStringConfiguration(), QueryStringDecoder()),
        (QueryStringConfiguration(spaceStyle: .plus), QueryStringDecoder(decodesPlusAsSpace: true)),
        (QueryStringConfiguration(arrayStyle: .indexInBrackets), QueryStringDecoder()),
    ]

    @Test(arguments: 0..<200)
    func roundTripsRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &* 7919)
        let (tree, expected) = Self.randomDictionary(depth: 0, using: &generator)
        for (configuration, decoder) in Self.variants {
            let encoded = QueryStringEncoder(configuration: configuration).encode(.dictionary(tree))
            let decoded = try decoder.decode(encoded)
            #expect(decoded == expected, "seed \(seed): \(encoded)")
        }
    }

    @Test func lossyShapesAreDocumented() throws {
        let value: QueryValue = ["n": 1.5, "b": true, "e": [], "one": .set(["x"]), "d": .data([0xFF])]
        let decoded = try QueryStringDecoder().decode(QueryStringEncoder().encode(value))
        #expect(decoded == ["n": "1.5", "b": "1", "one": "x", "d": "/w=="])
    }

    static let keyAlphabet = Array("abcXYZ09 _-.~é中😀&=+%?/#")
    static let valueAlphabet = Array("abcXYZ09 _-.~é中😀&=+%?/#[]")

    static func randomText(_ alphabet: [Character], minimum: Int, using generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: minimum...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// A key that cannot be read as bracket syntax or an array index: it starts with a letter.
    static func randomKey(using generator: inout SplitMix64) -> String {
        "k" + randomText(keyAlphabet, minimum: 0, using: &generator)
    }

    static func randomLeaf(using generator: inout SplitMix64) -> QueryValue {
        Int.random(in: 0..<6, using: &generator) == 0 ? .null : .string(randomText(valueAlphabet, minimum: 0, using: &generator))
    }

    /// A random dictionary and what decoding its encoding must give.
    static func randomDictionary(depth: Int, using generator: inout SplitMix64) -> ([String: QueryValue], [String: QueryValue]) {
        var tree: [String: QueryValue] = [:]
        var expected: [String: QueryValue] = [:]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let key = randomKey(using: &generator)
            let choice = depth < 3 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<3, using: &generator)
            switch choice {
            case 0:
                let leaf = randomLeaf(using: &generator)
                tree[key] = leaf
                expected[key] = leaf
            case 1:
                let elements = (0..<Int.random(in: 1...5, using: &generator)).map { _ in randomLeaf(using: &generator) }
                tree[key] = .array(elements)
                expected[key] = .array(elements)
            case 2:
                var distinct: [String] = []
                while distinct.count < 2 {
                    let text = randomText(valueAlphabet, minimum: 1, using: &generator)
                    if !distinct.contains(text) { distinct.append(text) }
                }
                tree[key] = .set(distinct.map(QueryValue.string))
                expected[key] = .array(distinct.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }.map(QueryValue.string))
            default:
                let (child, childExpected) = randomDictionary(depth: depth + 1, using: &generator)
                tree[key] = .dictionary(child)
                expected[key] = .dictionary(childExpected)
            }
        }
        return (tree, expected)
    }
}

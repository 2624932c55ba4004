import Testing

@testable import BoomerangServer

/// Request ids: one process prefix, a counter of at least six digits that grows past them.
@Suite struct RequestIDGeneratorTests {
    /// The prefix and the counter of an id, when it has the documented shape.
    private func split(_ id: String) -> (prefix: Substring, counter: UInt64)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit), parts[1].count >= 6,
            parts[1].allSatisfy(\.isNumber)
        else { return nil }
        return (parts[0], UInt64(parts[1])!)
    }

    @Test func idsCountUpUnderOnePrefix() throws {
        let generator = RequestIDGenerator()
        let ids = (0..<3).map { _ in generator.next() }
        let split = try ids.map { try #require(self.split($0), "\($0)") }
        #expect(split.map(\.counter) == [1, 2, 3])
        #expect(Set(split.map(\.prefix)).count == 1)
        #expect(ids[0].hasSuffix("-000001"))
    }

    @Test func theCounterGrowsPastSixDigits() throws {
        let generator = RequestIDGenerator(after: 999_998)
        let ids = (0..<3).map { _ in generator.next() }
        #expect(ids.map { $0.split(separator: "-")[1] } == ["999999", "1000000", "1000001"])
        #expect(ids.allSatisfy { split($0) != nil })
    }

    @Test func twoGeneratorsDoNotShareAPrefixAsARule() {
        // 32 random bits each: 16 generators with one prefix would be a broken random source.
        let prefixes = Set((0..<16).map { _ in RequestIDGenerator().next().prefix(8) })
        #expect(prefixes.count > 1)
    }
}

import BoomerangSerialization
import Testing

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("", "abc", 0), ("a", "", nil), ("abc", "abc", 0), ("bc", "abc", 1), ("c", "abc", 2), ("abcd", "abc", nil),
        ("--b", "x--a--b", 4), ("aab", "aaab", 1), ("xyz", "abcxyabcxyz", 8), ("z", "abc", nil),
    ] as [(String, String, Int?)])
    func findsTheFirstOccurrence(needle: String, haystack: String, offset: Int?) {
        #expect(ByteSearch.firstOffset(of: Array(needle.utf8), in: Array(haystack.utf8)) == offset)
    }

    @Test func agreesWithANaiveSearchOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let haystack = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...3, using: &generator) }
            let needle = (0..<Int.random(in: 1..<5, using: &generator)).map { _ in UInt8.random(in: 0...3, using: &generator) }
            let naive = haystack.count < needle.count ? nil : (0...(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
            #expect(ByteSearch.firstOffset(of: needle, in: haystack) == naive, "\(needle) in \(haystack)")
        }
    }
}

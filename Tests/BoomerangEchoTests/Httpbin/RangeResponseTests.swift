import Testing

@testable import BoomerangEcho

@Suite struct RangeResponseTests {
    @Test(arguments: [0...0, 0...25, 24...53, 25...26, 3...1000, 999_990...1_000_000])
    func bytesAreTheAlphabetFromTheOffset(range: ClosedRange<Int>) {
        #expect(RangeResponse.bytes(range) == range.map(RangeResponse.byte(at:)))
    }
}

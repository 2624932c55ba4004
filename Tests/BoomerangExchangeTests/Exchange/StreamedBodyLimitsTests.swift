import BoomerangExchange
import Testing

@Suite struct StreamedBodyLimitsTests {
    @Test func piecesCountDownToTheAnnouncedLength() {
        var limits = StreamedBodyLimits(remaining: 10, cutAfter: nil)
        var first: [UInt8] = Array(repeating: 1, count: 6)
        #expect(limits.take(&first) == .more)
        var second: [UInt8] = Array(repeating: 2, count: 4)
        #expect(limits.take(&second) == .complete)
        #expect(limits.isComplete)
    }

    @Test func aPiecePastTheLengthIsTrimmedAndOverruns() {
        var limits = StreamedBodyLimits(remaining: 5, cutAfter: nil)
        var piece: [UInt8] = Array(0..<8)
        #expect(limits.take(&piece) == .overran)
        #expect(piece == [0, 1, 2, 3, 4])
    }

    @Test func theCutWinsOverTheLengthAndTrimsToIt() {
        var limits = StreamedBodyLimits(remaining: 5, cutAfter: 3)
        var piece: [UInt8] = Array(0..<8)
        #expect(limits.take(&piece) == .cut)
        #expect(piece == [0, 1, 2])
        #expect(limits.remaining == 2)
    }

    @Test func aCutAcrossPiecesCountsWhatWasSent() {
        var limits = StreamedBodyLimits(remaining: nil, cutAfter: 5)
        var first: [UInt8] = Array(0..<3)
        #expect(limits.take(&first) == .more)
        var second: [UInt8] = Array(0..<3)
        #expect(limits.take(&second) == .cut)
        #expect(second == [0, 1])
        #expect(!limits.isComplete, "no length was announced")
    }
}

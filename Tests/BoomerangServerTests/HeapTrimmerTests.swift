import Testing

@testable import BoomerangServer

@Suite struct HeapTrimmerTests {
    @Test func smallExchangesNeverTrim() {
        let trimmer = HeapTrimmer(quietMilliseconds: 1000)
        trimmer.exchangeEnded(requestBodyBytes: HeapTrimmer.largeExchangeBytes - 1, responseBytes: 1000, now: 10)
        trimmer.tick(now: 100_000)
        #expect(trimmer.trimCount == 0)
    }

    @Test func trimsOnceAfterTheQuietPeriod() {
        let trimmer = HeapTrimmer(quietMilliseconds: 1000)
        trimmer.exchangeEnded(requestBodyBytes: 0, responseBytes: Int(HeapTrimmer.largeExchangeBytes), now: 5000)
        trimmer.tick(now: 5999)
        #expect(trimmer.trimCount == 0)
        trimmer.tick(now: 6000)
        #expect(trimmer.trimCount == 1)
        trimmer.tick(now: 9000)
        #expect(trimmer.trimCount == 1)
    }

    @Test func aLargeExchangeDuringTheQuietPeriodPostponesTheTrim() {
        let trimmer = HeapTrimmer(quietMilliseconds: 1000)
        trimmer.exchangeEnded(requestBodyBytes: 1 << 20, responseBytes: 0, now: 1000)
        trimmer.tick(now: 1500)
        trimmer.exchangeEnded(requestBodyBytes: 1 << 20, responseBytes: 0, now: 1900)
        trimmer.tick(now: 2500)
        #expect(trimmer.trimCount == 0)
        trimmer.tick(now: 2900)
        #expect(trimmer.trimCount == 1)
    }

    /// A large exchange that ends at the monotonic clock's zero still counts.
    @Test func anExchangeAtTimeZeroStillCounts() {
        let trimmer = HeapTrimmer(quietMilliseconds: 0)
        trimmer.exchangeEnded(requestBodyBytes: 1 << 20, responseBytes: 0, now: 0)
        trimmer.tick(now: 1)
        #expect(trimmer.trimCount == 1)
    }
}

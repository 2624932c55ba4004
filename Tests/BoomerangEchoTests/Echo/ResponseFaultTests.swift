import BoomerangExchange
import Testing

@testable import BoomerangEcho


@Suite struct ResponseFaultTests {
    @Test(arguments: [
        ("reset", ResponseFault.transport(.reset)), ("Close-After-Headers", .transport(.closeAfterHeaders)),
        ("close-mid-body", .closeMidBody(bytes: nil)), ("close-mid-body:7", .closeMidBody(bytes: 7)),
        ("malformed-chunk", .transport(.malformedChunk)), (" garbage ", .transport(.garbage())), ("stall", .transport(.stall)),
        ("drip", .drip(milliseconds: 2000)), ("drip:50", .drip(milliseconds: 50)), ("drip:999999", .drip(milliseconds: 10_000)),
    ])
    func valuesAreRead(text: String, expected: ResponseFault) {
        #expect(ResponseFault(text, maxDelayMilliseconds: 10_000) == expected)
    }

    @Test(arguments: ["", "explode", "reset:1", "close-mid-body:-1", "close-mid-body:x", "drip:", "stall:5"])
    func otherValuesAreRefused(text: String) {
        #expect(ResponseFault(text, maxDelayMilliseconds: 10_000) == nil)
    }

    @Test func closeMidBodyCutsHalfTheBodyByDefault() {
        var response = Response(status: 200, body: Array(repeating: 0x61, count: 100))
        ResponseFault.closeMidBody(bytes: nil).apply(to: &response)
        #expect(response.fault == .closeMidBody(afterBytes: 50))
    }

    @Test func dripKeepsTheBodyAndItsLengthInTwentyPieces() throws {
        var response = Response(status: 200, body: Array(0..<100))
        ResponseFault.drip(milliseconds: 1900).apply(to: &response)
        #expect(response.body.isEmpty)
        var stream = try #require(response.bodyStream)
        #expect(stream.contentLength == 100)
        var pieces: [[UInt8]] = []
        var waits = 0
        var now: UInt64 = 0
        pulling: while pieces.count <= 20 {
            switch stream.next(now: now) {
            case .bytes(let bytes): pieces.append(bytes)
            case .wait(let until):
                waits += 1
                now = try #require(until)
            case .end: break pulling
            case .fault: Issue.record("no fault expected"); break pulling
            }
        }
        #expect(pieces.count == 20)
        #expect(waits == 19)
        #expect(pieces.flatMap { $0 } == Array(0..<100))
        #expect(now == 1_900_000_000)
    }
}

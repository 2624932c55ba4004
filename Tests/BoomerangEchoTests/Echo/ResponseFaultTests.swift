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

    @Test(arguments: [
        ("h2-reset", ResponseFault.transport(.streamReset(code: 0x2, at: .beforeHeaders))),
        ("h2-reset:CANCEL", .transport(.streamReset(code: 0x8, at: .beforeHeaders))),
        ("h2-reset-after-headers:7", .transport(.streamReset(code: 0x7, at: .afterHeaders))),
        ("h2-reset-after:100:refused_stream", .transport(.streamReset(code: 0x7, at: .afterBodyBytes(100)))),
        ("h2-goaway", .transport(.goAway(code: 0, lastStream: nil))), ("h2-goaway:1:3", .transport(.goAway(code: 1, lastStream: 3))),
        ("h2-ping-storm", .transport(.pingStorm(count: 100))), ("h2-ping-storm:5", .transport(.pingStorm(count: 5))),
        ("H2-Window-Stall", .transport(.windowStall)),
    ])
    func http2ValuesAreRead(text: String, expected: ResponseFault) {
        #expect(ResponseFault(text, maxDelayMilliseconds: 10_000) == expected)
    }

    @Test(arguments: [
        "h2-reset:NOPE", "h2-reset:1:2", "h2-reset-after", "h2-reset-after:-1", "h2-goaway:0:-1", "h2-ping-storm:0",
        "h2-ping-storm:1001", "h2-window-stall:1", "h2-other",
    ])
    func otherHTTP2ValuesAreRefused(text: String) {
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

import BoomerangSerialization
import Testing

@testable import BoomerangHistory


/// The block of an exchange's two heads, and how a response's head is found in what was written.
@Suite struct RecordedHeadsTests {
    static let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Empty:\r\nX-Spaced: \t a b \r\n\r\n"

    static func headLength(_ written: String, bodyCount: Int) -> Int? {
        Array(written.utf8).withUnsafeBytes { RecordedHeads.headLength($0, bodyCount: bodyCount) }
    }

    @Test func theHeadIsFoundWithItsBodyWithoutItAndWithABlankLineInTheBody() {
        let count = Self.head.utf8.count
        #expect(Self.headLength(Self.head + "body", bodyCount: 4) == count)
        #expect(Self.headLength(Self.head, bodyCount: 4) == count, "a HEAD answer: the body is not written")
        #expect(Self.headLength(Self.head + "a\r\n\r\nb", bodyCount: 7) == count)
        #expect(Self.headLength(Self.head + "a\r\n\r\nb", bodyCount: 99) == count, "a wrong body count still finds the head")
        #expect(Self.headLength(Self.head + "\r\n\r\n", bodyCount: 4) == count)
        #expect(Self.headLength("HTTP/1.1 200 OK\r\n", bodyCount: 0) == nil)
        #expect(Self.headLength("", bodyCount: 0) == nil)
    }

    @Test func bothHeadsReadBackAndTheResponseFieldsParse() {
        let request = Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let response = Array(Self.head.utf8)
        let heads = request.withUnsafeBytes { request in response.withUnsafeBytes { RecordedHeads.make(request: request, response: $0) } }
        #expect(heads.request == request)
        #expect(heads.response == response)
        #expect(heads.byteCount == request.count + response.count)
        let fields = heads.responseFields.fields
        #expect(fields.map(\.name) == ["Content-Type", "X-Empty", "X-Spaced"])
        #expect(fields.map(\.value) == ["text/plain", "", "a b"])
    }

    @Test func anExchangeWithoutAResponseHasAnEmptyOne() {
        let request = Array("GET / HTTP/1.1\r\n\r\n".utf8)
        let heads = request.withUnsafeBytes { RecordedHeads.make(request: $0, response: UnsafeRawBufferPointer(start: nil, count: 0)) }
        #expect(heads.response.isEmpty)
        #expect(heads.responseFields.fields.isEmpty)
    }
}

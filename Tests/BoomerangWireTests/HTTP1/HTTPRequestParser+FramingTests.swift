import BoomerangSerialization
import BoomerangWire
import Testing

/// Body framing with Content-Length and Transfer-Encoding: robustness spec §3.3 (B rows).
@Suite struct HTTPRequestParserFramingTests {
    static let post = "POST / HTTP/1.1\r\nHost: a\r\n"  // 26 bytes

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 5)])
    func contentLengthBody(feed: Feed) {
        let bytes = Array((Self.post + "Content-Length: 11\r\n\r\nhello world").utf8)
        let run = HTTPRequestParser.run(bytes, feed: feed, finishing: true)
        #expect(run.error == nil)
        #expect(run.requests.first?.head.framing == .contentLength(11))
        #expect(run.requests.first?.body == Array("hello world".utf8))
        #expect(run.idle)
    }

    @Test func contentLengthZeroIsAnEmptyBody() {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length: 0\r\n\r\n").utf8))
        #expect(run.requests.first?.head.framing == .contentLength(0))
        #expect(run.requests.first?.body == [])
    }

    @Test(arguments: [
        ("Content-Length: 0\r\nContent-Length: 38", HTTPParseError(code: .conflictingContentLength, value: "38", offset: 61)),
        ("Content-Length: 1, 1", HTTPParseError(code: .invalidContentLength, value: "1, 1", offset: 43)),
        ("Content-Length: +1", HTTPParseError(code: .invalidContentLength, value: "+1", offset: 42)),
        ("Content-Length: -0", HTTPParseError(code: .invalidContentLength, value: "-0", offset: 42)),
        ("Content-Length: -1", HTTPParseError(code: .invalidContentLength, value: "-1", offset: 42)),
        ("Content-Length: 0x1", HTTPParseError(code: .invalidContentLength, value: "0x1", offset: 43)),
        ("Content-Length: 1e3", HTTPParseError(code: .invalidContentLength, value: "1e3", offset: 43)),
        ("Content-Length:", HTTPParseError(code: .invalidContentLength, value: "", offset: 41)),
        ("Content-Length: 1\r\n2", HTTPParseError(code: .invalidContentLength, value: "1\\r\\n2", offset: 43)),
    ])
    func rejectsMalformedContentLength(fields: String, expected: HTTPParseError) {
        // A bare `\r\n2` continuation would be a header line without a colon; keep the CR inside the value.
        let text = fields == "Content-Length: 1\r\n2" ? "Content-Length: 1\r\n2" : fields
        let bytes = Array((Self.post + text + "\r\n\r\n").utf8)
        let run = HTTPRequestParser.run(bytes)
        if fields == "Content-Length: 1\r\n2" {
            #expect(run.error == HTTPParseError(code: .missingColon, value: "2", offset: 46))
        } else {
            #expect(run.error == expected)
            #expect(run.error?.status == 400)
        }
    }

    @Test(arguments: [" 5 ", "5", "\t5", "005"])
    func contentLengthAllowsOWSAndLeadingZeros(value: String) {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length:\(value)\r\n\r\nhello").utf8))
        #expect(run.requests.first?.head.framing == .contentLength(5))
        #expect(run.requests.first?.body == Array("hello".utf8))
    }

    @Test func identicalDuplicateContentLengthIsAcceptedAndBothFieldsKept() {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length: 1\r\ncontent-length: 1\r\n\r\nx").utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.framing == .contentLength(1))
        #expect(run.requests.first?.head.headers.values(for: "Content-Length") == ["1", "1"])
    }

    @Test func duplicateContentLengthWithTheSameNumberIsAccepted() {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length: 5\r\nContent-Length: 005\r\n\r\nhello").utf8))
        #expect(run.requests.first?.head.framing == .contentLength(5))
    }

    @Test(arguments: ["99999999999999999999999", "9223372036854775808", "100000000000000000000000000000000000"])
    func contentLengthOverflowIs413(value: String) {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length: \(value)\r\n\r\n").utf8))
        #expect(run.error == HTTPParseError(code: .contentLengthOverflow, value: String(value.prefix(32)), offset: 42))
        #expect(run.error?.status == 413)
    }

    @Test func contentLengthAtInt64MaxIsOnlyTooLarge() {
        let configuration = HTTPParserConfiguration(maxBodyBytes: .max)
        let bytes = Array((Self.post + "Content-Length: 9223372036854775807\r\n\r\nabc").utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration)
        #expect(run.error == nil)
        #expect(run.openHead?.framing == .contentLength(.max))
        #expect(run.openBody == Array("abc".utf8))
        #expect(HTTPRequestParser.run(bytes).error?.code == .bodyTooLarge)
    }

    @Test(arguments: [
        "Content-Length: 5\r\nTransfer-Encoding: chunked", "Transfer-Encoding: chunked\r\nContent-Length: 5",
    ])
    func contentLengthWithTransferEncodingIs400(fields: String) {
        let run = HTTPRequestParser.run(Array((Self.post + fields + "\r\n\r\n").utf8))
        #expect(run.error?.code == .contentLengthWithTransferEncoding)
        #expect(run.error?.status == 400)
        #expect(run.error?.offset == (fields.hasPrefix("Content") ? 64 : 45))
    }

    @Test(arguments: [
        ("gzip, chunked", HTTPParseError.Code.unsupportedTransferEncoding, 45),
        ("chunked, identity", .unsupportedTransferEncoding, 45),
        ("chunked, chunked", .unsupportedTransferEncoding, 45),
        ("identity", .unsupportedTransferEncoding, 45),
        ("xchunked", .unsupportedTransferEncoding, 45),
        ("chunk", .unsupportedTransferEncoding, 45),
        ("blegh", .unsupportedTransferEncoding, 45),
        (",chunked", .invalidTransferEncoding, 45),
        ("chunked,", .invalidTransferEncoding, 53),
        ("\"chunked\"", .invalidTransferEncoding, 45),
        ("gzip;q=1, chunked", .invalidTransferEncoding, 49),
        ("\u{A0}chunked", .invalidTransferEncoding, 45),
        ("\u{0B}chunked", .invalidHeaderValue, 45),
        ("chunked\u{00}", .invalidHeaderValue, 52),
        ("\u{0C}chunked", .invalidHeaderValue, 45),
    ])
    func transferEncodingOtherThanChunked(value: String, code: HTTPParseError.Code, offset: Int) {
        let run = HTTPRequestParser.run((Self.post + "Transfer-Encoding: \(value)\r\n\r\n").wire)
        #expect(run.error?.code == code)
        #expect(run.error?.offset == offset)
        #expect(run.error?.status == (code == .unsupportedTransferEncoding ? 501 : 400))
    }

    @Test(arguments: ["chunked", "Chunked", "CHUNKED", "\tchunked", " chunked "])
    func transferEncodingChunkedIgnoresCaseAndOWS(value: String) {
        let run = HTTPRequestParser.run(Array((Self.post + "Transfer-Encoding:\(value)\r\n\r\n0\r\n\r\n").utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.framing == .chunked)
    }

    @Test func transferEncodingTwiceIs400() {
        let bytes = Array((Self.post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n").utf8)
        #expect(HTTPRequestParser.run(bytes).error == HTTPParseError(code: .duplicateTransferEncoding, value: "chunked", offset: 73))
    }

    @Test func transferEncodingOnHTTP10Is400() {
        let bytes = Array("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)
        #expect(HTTPRequestParser.run(bytes).error == HTTPParseError(code: .transferEncodingOnHTTP10, value: "chunked", offset: 36))
    }

    @Test(arguments: [
        ("Content-Length: 37", HTTPParseError(code: .bodyNotAllowed, value: "37", offset: 42)),
        ("Transfer-Encoding: chunked", HTTPParseError(code: .bodyNotAllowed, value: "chunked", offset: 45)),
    ])
    func headWithABodyIs400(field: String, expected: HTTPParseError) {
        let bytes = Array("HEAD / HTTP/1.1\r\nHost: a\r\n\(field)\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.error == expected)
        #expect(run.requests.isEmpty)
    }

    @Test func headWithContentLengthZeroIsAccepted() {
        let run = HTTPRequestParser.run(Array("HEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n".utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.method == .head)
    }

    @Test(arguments: ["GET", "DELETE", "OPTIONS", "FOO"])
    func bodiesOnOtherMethodsAreRead(method: String) {
        let bytes = Array("\(method) / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabcGET /next HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.requests.map(\.body) == [Array("abc".utf8), []])
        #expect(run.requests.map(\.head.target) == ["/", "/next"])
    }

    @Test func contentLengthLargerThanTheBytesSentIsTruncatedAtFinish() {
        let run = HTTPRequestParser.run(Array((Self.post + "Content-Length: 10\r\n\r\nabc").utf8), finishing: true)
        #expect(run.error == HTTPParseError(code: .truncatedMessage, value: "", offset: 51))
        #expect(run.openBody == Array("abc".utf8))
    }

    @Test func truncatedHeadAtFinish() {
        let run = HTTPRequestParser.run(Array("GET / HTTP/1.1\r\nHo".utf8), finishing: true)
        #expect(run.error == HTTPParseError(code: .truncatedMessage, value: "Ho", offset: 18))
    }

    @Test func finishBetweenMessagesIsClean() {
        let run = HTTPRequestParser.run(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), finishing: true)
        #expect(run.error == nil)
        #expect(run.requests.count == 1)
    }

    @Test(arguments: [Feed.whole, .byteByByte])
    func extraBytesAfterTheContentLengthAreTheNextRequest(feed: Feed) {
        let bytes = Array((Self.post + "Content-Length: 2\r\n\r\nabGET /next HTTP/1.1\r\nHost: a\r\n\r\n").utf8)
        let run = HTTPRequestParser.run(bytes, feed: feed)
        #expect(run.requests.map(\.head.target) == ["/", "/next"])
        #expect(run.requests.first?.body == Array("ab".utf8))
    }

    @Test func expectContinueWithATooLargeBodyFailsAtTheHead() {
        let configuration = HTTPParserConfiguration(maxBodyBytes: 1000)
        let bytes = Array((Self.post + "Expect: 100-continue\r\nContent-Length: 5000000\r\n\r\n").utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration)
        #expect(run.error == HTTPParseError(code: .bodyTooLarge, value: "5000000", offset: 64))
        #expect(run.error?.status == 413)
    }

    @Test func bodyExactlyAtTheLimitPassesAndOneMoreFails() {
        let configuration = HTTPParserConfiguration(maxBodyBytes: 4)
        let fits = HTTPRequestParser.run(Array((Self.post + "Content-Length: 4\r\n\r\nabcd").utf8), configuration: configuration)
        #expect(fits.requests.first?.body == Array("abcd".utf8))
        let over = HTTPRequestParser.run(Array((Self.post + "Content-Length: 5\r\n\r\nabcde").utf8), configuration: configuration)
        #expect(over.error == HTTPParseError(code: .bodyTooLarge, value: "5", offset: 42))
    }

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 10)])
    func threePipelinedRequestsInOneBuffer(feed: Feed) {
        let text = "GET /1 HTTP/1.1\r\nHost: a\r\n\r\n"
            + "POST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
            + "PUT /3 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\nxy\r\n0\r\n\r\n"
        let run = HTTPRequestParser.run(Array(text.utf8), feed: feed, finishing: true)
        #expect(run.error == nil)
        #expect(run.requests.map(\.head.method) == [.get, .post, .put])
        #expect(run.requests.map(\.head.target) == ["/1", "/2", "/3"])
        #expect(run.requests.map(\.body) == [[], Array("abc".utf8), Array("xy".utf8)])
        #expect(run.requests.map(\.head.keepAlive) == [true, true, false])
        #expect(run.idle)
    }

    @Test func bodyEventsPointIntoTheCallersBuffer() throws {
        var parser = HTTPRequestParser()
        let head = Array((Self.post + "Content-Length: 6\r\n\r\n").utf8)
        try head.withUnsafeBytes { buffer in
            let result = try parser.parse(buffer)
            #expect(result.consumed == head.count)
        }
        let body = Array("xyzABC".utf8)
        try body.withUnsafeBytes { buffer in
            let first = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[0..<2]))
            #expect(first.event == .body(0..<2))
            let second = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[2...]))
            #expect(second.event == .body(0..<4))
            #expect(second.consumed == 4)
        }
    }
}

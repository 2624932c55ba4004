import BoomerangSerialization
import BoomerangWire
import Testing

@Suite struct HTTPRequestParserRawHeadTests {
    private let first = Array("POST /a?b=1 HTTP/1.1\r\nHost: h\r\nX-Odd:   spaced value  \r\nx-dup:1\r\nx-dup: 2\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    private let body = Array("3\r\nabc\r\n0\r\nTrailer: t\r\n\r\n".utf8)
    private let second = Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 16)])
    func keepsEachHeadExactly(feed: Feed) {
        var configuration = HTTPParserConfiguration()
        configuration.keepsRawHead = true
        let run = HTTPRequestParser.run(first + body + second, configuration: configuration, feed: feed)
        #expect(run.error == nil)
        #expect(run.requests.map(\.head.rawHead) == [first, second])
        #expect(run.requests.first?.body == Array("abc".utf8))
    }

    @Test func keepsEachHeadExactlyWhereverTheInputIsSplit() {
        var configuration = HTTPParserConfiguration()
        configuration.keepsRawHead = true
        let bytes = first + body + second
        for index in 0...bytes.count {
            let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: .split(at: index))
            #expect(run.requests.map(\.head.rawHead) == [first, second], "split at \(index)")
        }
    }

    @Test func keepsNothingByDefault() {
        let run = HTTPRequestParser.run(first + body)
        #expect(run.requests.first?.head.rawHead == nil)
    }
}

import BoomerangSerialization
import BoomerangWire
import Foundation
import Testing

extension HTTPRequestParserTests {
    // MARK: - Header fields (§3.2)

    static let prefix = "GET / HTTP/1.1\r\nHost: a\r\n"  // 25 bytes

    @Test(arguments: [
        (": x", HTTPParseError(code: .emptyHeaderName, value: ": x", offset: 25)),
        ("Content-Length : 5", HTTPParseError(code: .invalidHeaderName, value: "Content-Length ", offset: 39)),
        ("Transfer-Encoding\t: chunked", HTTPParseError(code: .invalidHeaderName, value: "Transfer-Encoding\\t", offset: 42)),
        ("X\u{01}Y: v", HTTPParseError(code: .invalidHeaderName, value: "X\\x01", offset: 26)),
        ("\u{EF}oo: v", HTTPParseError(code: .invalidHeaderName, value: "\\xef", offset: 25)),
        ("X Y: v", HTTPParseError(code: .invalidHeaderName, value: "X ", offset: 26)),
        ("User: admin\u{00}evil", HTTPParseError(code: .invalidHeaderValue, value: "admin\\x00evil", offset: 36)),
        ("X: va\rlue", HTTPParseError(code: .bareCarriageReturn, value: "va\\rlue", offset: 30)),
        ("X: a\u{7F}", HTTPParseError(code: .invalidHeaderValue, value: "a\\x7f", offset: 29)),
        ("X: a\u{0B}b", HTTPParseError(code: .invalidHeaderValue, value: "a\\x0bb", offset: 29)),
        ("JustAName", HTTPParseError(code: .missingColon, value: "JustAName", offset: 34)),
        ("\rX: y", HTTPParseError(code: .bareCarriageReturn, value: "\\r", offset: 25)),
        ("Host: b", HTTPParseError(code: .duplicateHost, value: "b", offset: 31)),
        ("host: a", HTTPParseError(code: .duplicateHost, value: "a", offset: 31)),
    ])
    func rejectsMalformedFieldLines(line: String, expected: HTTPParseError) {
        let bytes = (Self.prefix + line + "\r\n\r\n").wire
        for feed in [Feed.whole, .byteByByte] {
            let run = HTTPRequestParser.run(bytes, feed: feed)
            #expect(run.error == expected, "\(feed)")
            #expect(run.error?.status == 400)
        }
    }

    @Test(arguments: [
        ("a/b", HTTPParseError(code: .invalidHost, value: "a/b", offset: 23)),
        ("user@a", HTTPParseError(code: .invalidHost, value: "user@a", offset: 26)),
        ("a b", HTTPParseError(code: .invalidHost, value: "a b", offset: 23)),
        ("a?b", HTTPParseError(code: .invalidHost, value: "a?b", offset: 23)),
    ])
    func rejectsHostWithPathOrUserInfo(host: String, expected: HTTPParseError) {
        let run = HTTPRequestParser.run(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
        #expect(run.error == expected)
    }

    @Test(arguments: ["localhost:8080", "127.0.0.1", "[::1]:80", "", "xn--caf-dma.example", "a%2Db"])
    func acceptsHostValues(host: String) {
        let run = HTTPRequestParser.run(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.headers["host"] == host)
    }

    @Test func missingHostOnHTTP11() {
        let bytes = Array("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n".utf8)
        #expect(HTTPRequestParser.run(bytes).error == HTTPParseError(code: .missingHost, value: "", offset: 29))
        let lenient = HTTPRequestParser.run(bytes, configuration: HTTPParserConfiguration(allowsMissingHost: true))
        #expect(lenient.error == nil)
        #expect(lenient.requests.count == 1)
    }

    @Test func duplicateHostFailsEvenWhenMissingHostIsAllowed() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes, configuration: HTTPParserConfiguration(allowsMissingHost: true))
        #expect(run.error?.code == .duplicateHost)
    }

    @Test func keepsFieldOrderCaseAndTrimsOWS() {
        let bytes = Array("GET / HTTP/1.1\r\nhOsT: a\r\nX-B:\t 2 \t\r\nx-b: 1\r\nX-Empty:\r\nX-Inner:  a  b  \r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        let fields = run.requests.first?.head.headers.fields ?? []
        #expect(fields.map(\.name) == ["hOsT", "X-B", "x-b", "X-Empty", "X-Inner"])
        #expect(fields.map(\.value) == ["a", "2", "1", "", "a  b"])
    }

    @Test func underscoreNamesAreTokensButNeverFraming() {
        let bytes = Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer_Encoding: chunked\r\nContent_Length: 5\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.error == nil)
        #expect(run.requests.first?.head.framing == HTTPRequestHead.Framing.none)
        #expect(run.requests.first?.head.headers["Transfer_Encoding"] == "chunked")
    }

    @Test func bareLineFeedIsRejectedByDefault() {
        let bytes = Array("GET / HTTP/1.1\nHost: a\n\n".utf8)
        #expect(HTTPRequestParser.run(bytes).error == HTTPParseError(code: .bareLineFeed, value: "GET / HTTP/1.1", offset: 14))
        let mixed = Array("GET / HTTP/1.1\r\nHost: a\n\r\n".utf8)
        #expect(HTTPRequestParser.run(mixed).error == HTTPParseError(code: .bareLineFeed, value: "Host: a", offset: 23))
    }

    @Test(arguments: [Feed.whole, .byteByByte])
    func bareLineFeedIsAcceptedWhenAllowed(feed: Feed) {
        let configuration = HTTPParserConfiguration(allowsBareLineFeed: true)
        let bytes = Array("GET / HTTP/1.1\nHost: a\r\nX: y\n\nGET /2 HTTP/1.1\nHost: a\n\n".utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: feed)
        #expect(run.error == nil)
        #expect(run.requests.map(\.head.target) == ["/", "/2"])
        #expect(run.requests.first?.head.headers["X"] == "y")
    }

    @Test(arguments: [
        ("X-A: one\r\n two", HTTPParseError(code: .obsoleteLineFolding, value: " two", offset: 35)),
        ("X-A: one\r\n\ttwo", HTTPParseError(code: .obsoleteLineFolding, value: "\\ttwo", offset: 35)),
    ])
    func obsoleteLineFoldingIsRejectedByDefault(fields: String, expected: HTTPParseError) {
        let run = HTTPRequestParser.run(Array((Self.prefix + fields + "\r\n\r\n").utf8))
        #expect(run.error == expected)
    }

    @Test func obsoleteLineFoldingIsJoinedWhenAllowed() {
        let configuration = HTTPParserConfiguration(allowsObsoleteLineFolding: true)
        let bytes = Array((Self.prefix + "X-A: one\r\n  two \r\n\tthree\r\nX-B: b\r\n\r\n").utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: .byteByByte)
        #expect(run.error == nil)
        #expect(run.requests.first?.head.headers.fields.map(\.value) == ["a", "one two three", "b"])
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n Host: a\r\n\r\n", HTTPParseError(code: .obsoleteLineFolding, value: " Host: a", offset: 16)),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip,\r\n chunked\r\n\r\n",
         HTTPParseError(code: .invalidTransferEncoding, value: "gzip,", offset: 49)),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n 2\r\n\r\n", HTTPParseError(code: .obsoleteLineFolding, value: " 2", offset: 44)),
        ("GET / HTTP/1.1\r\nHost: a\r\n .evil\r\n\r\n", HTTPParseError(code: .obsoleteLineFolding, value: " .evil", offset: 25)),
    ])
    func obsoleteLineFoldingNeverStartsTheHeadOrTouchesFraming(bytes: String, expected: HTTPParseError) {
        let configuration = HTTPParserConfiguration(allowsObsoleteLineFolding: true)
        let run = HTTPRequestParser.run(Array(bytes.utf8), configuration: configuration)
        #expect(run.error == expected)
    }

    @Test func tooManyHeaderFields() {
        let configuration = HTTPParserConfiguration(maxHeaderCount: 3)
        let fits = Array((Self.prefix + "A: 1\r\nB: 2\r\n\r\n").utf8)
        #expect(HTTPRequestParser.run(fits, configuration: configuration).error == nil)
        let over = Array((Self.prefix + "A: 1\r\nB: 2\r\nC: 3\r\n\r\n").utf8)
        let error = HTTPRequestParser.run(over, configuration: configuration).error
        #expect(error == HTTPParseError(code: .tooManyHeaders, value: "C: 3", offset: 37))
        #expect(error?.status == 431)
    }

    @Test func tenThousandHeadersAreRejectedAtTheDefaultCount() {
        let fields = String(repeating: "X: y\r\n", count: 10_000)
        let run = HTTPRequestParser.run(Array((Self.prefix + fields + "\r\n").utf8))
        #expect(run.error == HTTPParseError(code: .tooManyHeaders, value: "X: y", offset: 25 + 255 * 6))
    }

    @Test(arguments: [Feed.whole, .chunks(of: 1000)])
    func oneMegabyteHeaderValueIsRejectedAtTheByteLimit(feed: Feed) {
        let value = String(repeating: "v", count: 1 << 20)
        let run = HTTPRequestParser.run(Array((Self.prefix + "X: " + value + "\r\n\r\n").utf8), feed: feed)
        #expect(run.error == HTTPParseError(code: .headersTooLarge, value: "X: vvvvvvvvvvvvvvvvvvvvvvvvvvvvv", offset: 32 * 1024))
        #expect(run.error?.status == 431)
    }

    @Test func sixMegabytesOfFoldsStopAtTheByteLimit() {
        let configuration = HTTPParserConfiguration(allowsObsoleteLineFolding: true)
        let folds = String(repeating: " fold\r\n", count: 6 * 1024 * 1024 / 7)
        let run = HTTPRequestParser.run(Array((Self.prefix + "X: a\r\n" + folds + "\r\n").utf8), configuration: configuration)
        #expect(run.error?.code == .headersTooLarge)
    }

    @Test func headBytesAtTheLimitPassAndOneMoreFails() {
        let configuration = HTTPParserConfiguration(maxHeaderBytes: 64)
        let fill = 64 - 25 - 2 - 5
        let fits = Self.prefix + "X: " + String(repeating: "x", count: fill) + "\r\n\r\n"
        #expect(fits.utf8.count == 64)
        #expect(HTTPRequestParser.run(Array(fits.utf8), configuration: configuration).error == nil)
        let over = Self.prefix + "X: " + String(repeating: "x", count: fill + 1) + "\r\n\r\n"
        #expect(HTTPRequestParser.run(Array(over.utf8), configuration: configuration).error?.code == .headersTooLarge)
    }

    @Test func fieldValuesDecodeUTF8OrFallBackToLatin1ByteForByte() {
        let bytes = (Self.prefix + "X-Utf8: caf\u{C3}\u{A9}\r\nX-Latin1: \u{FF}\u{FE}a\r\nX-Broken: \u{C3}(\r\n\r\n").wire
        let headers = HTTPRequestParser.run(bytes).requests.first?.head.headers
        #expect(headers?["X-Utf8"] == "café")
        #expect(headers?["X-Latin1"] == "\u{FF}\u{FE}a")
        #expect(headers?["X-Broken"]?.unicodeScalars.map(\.value) == [0xC3, 0x28])
    }

    @Test func hopByHopTrickLeavesFramingAlone() {
        let bytes = Array((Self.prefix + "Connection: close, Transfer-Encoding\r\n\r\n").utf8)
        let head = HTTPRequestParser.run(bytes).requests.first?.head
        #expect(head?.framing == HTTPRequestHead.Framing.none)
        #expect(head?.keepAlive == false)
        #expect(head?.headers["Connection"] == "close, Transfer-Encoding")
    }
}

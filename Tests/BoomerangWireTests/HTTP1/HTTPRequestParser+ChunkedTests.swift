import BoomerangSerialization
import BoomerangWire
import Testing

/// The chunked transfer coding: robustness spec §3.4 (C rows) and trailers (H15).
@Suite struct HTTPRequestParserChunkedTests {
    static let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"  // 56 bytes

    static func run(_ body: String, configuration: HTTPParserConfiguration = .init(), feed: Feed = .whole) -> ParseRun {
        HTTPRequestParser.run((head + body).wire, configuration: configuration, feed: feed, finishing: true)
    }

    static func run(repeating byte: Character, count: Int, configuration: HTTPParserConfiguration = .init()) -> ParseRun {
        var bytes = Array(head.utf8)
        bytes += [UInt8](repeating: byte.asciiValue!, count: count)
        return HTTPRequestParser.run(bytes, configuration: configuration)
    }

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 3)] + (1..<40).map { Feed.split(at: 56 + $0) })
    func parsesChunksWithExtensionsHowEverSplit(feed: Feed) {
        let run = Self.run("5;name=value\r\nhello\r\nA ; a = \"b;\\\"c\" ;d\r\n0123456789\r\n0\r\n\r\n", feed: feed)
        #expect(run.error == nil)
        #expect(run.requests.first?.body == Array("hello0123456789".utf8))
        #expect(run.requests.first?.trailers == [:])
    }

    @Test func upperAndLowerCaseHexAndLeadingZeros() {
        let data = String(repeating: "z", count: 0xAF)
        let run = Self.run("00aF\r\n\(data)\r\n000\r\n\r\n")
        #expect(run.requests.first?.body.count == 0xAF)
    }

    @Test(arguments: [
        ("0x5\r\nhello\r\n0\r\n\r\n", HTTPParseError(code: .invalidChunkSize, value: "0x5\\r\\nhello\\r\\n0\\r\\n\\r\\n", offset: 57)),
        ("+5\r\nhello\r\n0\r\n\r\n", HTTPParseError(code: .invalidChunkSize, value: "+5\\r\\nhello\\r\\n0\\r\\n\\r\\n", offset: 56)),
        ("-0\r\n\r\n", HTTPParseError(code: .invalidChunkSize, value: "-0\\r\\n\\r\\n", offset: 56)),
        ("  5\r\nhello\r\n0\r\n\r\n", HTTPParseError(code: .invalidChunkSize, value: "  5\\r\\nhello\\r\\n0\\r\\n\\r\\n", offset: 56)),
        ("5 \r\nhello\r\n0\r\n\r\n", HTTPParseError(code: .invalidChunkExtension, value: "5 \\r\\nhello\\r\\n0\\r\\n\\r\\n", offset: 58)),
        (";a\r\n", HTTPParseError(code: .invalidChunkSize, value: ";a\\r\\n", offset: 56)),
        ("\r\n\r\n", HTTPParseError(code: .invalidChunkSize, value: "\\r\\n\\r\\n", offset: 56)),
        ("5\nhello\r\n0\r\n\r\n", HTTPParseError(code: .bareLineFeed, value: "5\\nhello\\r\\n0\\r\\n\\r\\n", offset: 57)),
        ("5\rhello", HTTPParseError(code: .bareCarriageReturn, value: "5\\rhello", offset: 57)),
        ("3\r\nabc1\r\nZ\r\n0\r\n\r\n", HTTPParseError(code: .missingChunkTerminator, value: "1\\r\\nZ\\r\\n0\\r\\n\\r\\n", offset: 62)),
        ("4\r\nSEE-THIS\r\n0\r\n\r\n", HTTPParseError(code: .missingChunkTerminator, value: "THIS\\r\\n0\\r\\n\\r\\n", offset: 63)),
        ("3\r\nabc\n0\r\n\r\n", HTTPParseError(code: .missingChunkTerminator, value: "\\n0\\r\\n\\r\\n", offset: 62)),
        ("3\r\nabc\rX0\r\n\r\n", HTTPParseError(code: .missingChunkTerminator, value: "X0\\r\\n\\r\\n", offset: 63)),
        ("5;a\u{00}b\r\nhello\r\n0\r\n\r\n", HTTPParseError(code: .invalidChunkExtension, value: "5;a\\x00b\\r\\nhello\\r\\n0\\r\\n\\r\\n", offset: 59)),
        ("5;a\nhello\r\n0\r\n\r\n", HTTPParseError(code: .bareLineFeed, value: "5;a\\nhello\\r\\n0\\r\\n\\r\\n", offset: 59)),
    ])
    func rejectsMalformedChunkFraming(body: String, expected: HTTPParseError) {
        let run = Self.run(body)
        #expect(run.error == expected)
        #expect(run.error?.status == 400)
        let byByte = Self.run(body, feed: .byteByByte)
        #expect(byByte.error?.code == expected.code)
        #expect(byByte.error?.offset == expected.offset)
    }

    @Test func runawayChunkSizeLineStopsAtTheLimit() {
        let run = Self.run(repeating: "0", count: 32 * 1024 * 1024)
        #expect(run.error?.code == .chunkSizeLineTooLong)
        #expect(run.error?.offset == 56 + 64)
        #expect(run.error?.status == 400)
        // Non-zero digits overflow Int64 first, at the 17th significant digit.
        let ones = Self.run(repeating: "1", count: 32 * 1024 * 1024)
        #expect(ones.error?.code == .chunkSizeOverflow)
        #expect(ones.error?.offset == 56 + 16)
    }

    @Test func chunkSizeOverflowIs413() {
        let run = Self.run("FFFFFFFFFFFFFFFFFF\r\n")
        #expect(run.error == HTTPParseError(code: .chunkSizeOverflow, value: "FFFFFFFFFFFFFFFFFF\\r\\n", offset: 56 + 15))
        #expect(run.error?.status == 413)
        let largest = Self.run("7FFFFFFFFFFFFFFF\r\n")
        #expect(largest.error?.code == .bodyTooLarge)
    }

    @Test func chunkExtensionCap() {
        let configuration = HTTPParserConfiguration(maxChunkExtensionBytes: 10)
        let fits = Self.run("1;" + String(repeating: "e", count: 10) + "\r\nx\r\n0\r\n\r\n", configuration: configuration)
        #expect(fits.requests.first?.body == [UInt8(ascii: "x")])
        let over = Self.run("1;" + String(repeating: "e", count: 11) + "\r\nx\r\n0\r\n\r\n", configuration: configuration)
        #expect(over.error?.code == .chunkExtensionTooLong)
        #expect(over.error?.offset == 56 + 12)
    }

    @Test func oneMegabyteOfExtensionStopsAtTheDefaultCap() {
        let run = Self.run("1;" + String(repeating: "e", count: 1 << 20))
        #expect(run.error?.code == .chunkExtensionTooLong)
        #expect(run.error?.offset == 56 + 2 + 4096)
    }

    @Test func extensionBytesAreCappedPerMessage() {
        // One data byte per 1 KiB of extension: each line is under the per-line cap, the total is not.
        let chunk = "1;" + String(repeating: "e", count: 1023) + "\r\nx\r\n"
        let fits = Self.run(String(repeating: chunk, count: 64) + "0\r\n\r\n")
        #expect(fits.requests.first?.body.count == 64)
        let over = Self.run(String(repeating: chunk, count: 65) + "0\r\n\r\n")
        #expect(over.error?.code == .chunkExtensionTooLong)
        #expect(over.error?.offset == 56 + 64 * chunk.utf8.count + 2 + 64)
        let configuration = HTTPParserConfiguration(maxTotalChunkExtensionBytes: 3)
        #expect(Self.run("1;abc\r\nx\r\n1;d\r\ny\r\n0\r\n\r\n", configuration: configuration).error?.code == .chunkExtensionTooLong)
        #expect(Self.run("1;ab\r\nx\r\n0;c\r\n\r\n", configuration: configuration).error == nil)
    }

    @Test func bareLineFeedLeniencyNeverRelaxesChunkFraming() {
        let configuration = HTTPParserConfiguration(allowsBareLineFeed: true)
        #expect(Self.run("5\nhello\r\n0\r\n\r\n", configuration: configuration).error?.code == .bareLineFeed)
        #expect(Self.run("5\r\nhello\n0\r\n\r\n", configuration: configuration).error?.code == .missingChunkTerminator)
        let trailers = Self.run("0\r\nX: y\n\n", configuration: HTTPParserConfiguration(keepsTrailers: true, allowsBareLineFeed: true))
        #expect(trailers.requests.first?.trailers == ["X": "y"])
    }

    @Test(arguments: [Feed.whole, .byteByByte])
    func sumOfChunksOverTheLimitFailsAtTheCrossingChunk(feed: Feed) {
        let configuration = HTTPParserConfiguration(maxBodyBytes: 10)
        let run = Self.run("5\r\nhello\r\n5\r\nworld\r\n1\r\n!\r\n0\r\n\r\n", configuration: configuration, feed: feed)
        #expect(run.error?.code == .bodyTooLarge)
        #expect(run.error?.offset == 56 + 20)
        #expect(run.error?.status == 413)
        #expect(run.openBody == Array("helloworld".utf8))
        let fits = Self.run("5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n", configuration: configuration, feed: feed)
        #expect(fits.requests.first?.body == Array("helloworld".utf8))
    }

    @Test func aMillionOneByteChunksAreParsedInLinearTime() {
        var bytes = Array(Self.head.utf8)
        let chunk = Array("1\r\nx\r\n".utf8)
        bytes.reserveCapacity(bytes.count + chunk.count * 1_000_000 + 5)
        for _ in 0..<1_000_000 {
            bytes.append(contentsOf: chunk)
        }
        bytes.append(contentsOf: Array("0\r\n\r\n".utf8))
        let run = HTTPRequestParser.run(bytes)
        #expect(run.error == nil)
        #expect(run.requests.first?.body.count == 1_000_000)
    }

    @Test func missingLastChunkIsTruncatedAtFinish() {
        let run = Self.run("5\r\nhello\r\n")
        #expect(run.error == HTTPParseError(code: .truncatedMessage, value: "", offset: 66))
        #expect(run.openBody == Array("hello".utf8))
    }

    @Test(arguments: [Feed.whole, .byteByByte])
    func trailersAreCheckedAndDroppedByDefault(feed: Feed) {
        let body = "0\r\nContent-Length: 999\r\nHost: evil\r\nAuthorization: x\r\n\r\n"
        let run = Self.run(body, feed: feed)
        #expect(run.error == nil)
        #expect(run.requests.first?.trailers == [:])
        #expect(run.requests.first?.head.headers == ["Host": "a", "Transfer-Encoding": "chunked"])
    }

    @Test func trailersAreKeptApartWhenAsked() {
        let configuration = HTTPParserConfiguration(keepsTrailers: true)
        let run = Self.run("1\r\nx\r\n0\r\nX-Checksum: abc\r\nHost: evil\r\n\r\n", configuration: configuration)
        #expect(run.requests.first?.trailers == ["X-Checksum": "abc", "Host": "evil"])
        #expect(run.requests.first?.head.headers == ["Host": "a", "Transfer-Encoding": "chunked"])
    }

    @Test func smuggledRequestLineInTrailersIsOnlyATrailer() {
        let run = Self.run("0\r\nX:POST / HTTP/1.1\r\n\r\n")
        #expect(run.error == nil)
        #expect(run.requests.count == 1)
        #expect(run.idle)
        let configuration = HTTPParserConfiguration(keepsTrailers: true)
        #expect(Self.run("0\r\nX:POST / HTTP/1.1\r\n\r\n", configuration: configuration).requests.first?.trailers == ["X": "POST / HTTP/1.1"])
    }

    @Test(arguments: [
        ("0\r\nX: a\u{00}\r\n\r\n", HTTPParseError.Code.invalidHeaderValue),
        ("0\r\nBad Name: a\r\n\r\n", .invalidHeaderName),
        ("0\r\n fold\r\n\r\n", .obsoleteLineFolding),
        ("0\r\nX: a\n\r\n", .bareLineFeed),
        ("0\r\nPOST / HTTP/1.1\r\n\r\n", .invalidHeaderName),
    ])
    func trailersFollowTheFieldRules(body: String, code: HTTPParseError.Code) {
        #expect(Self.run(body).error?.code == code)
    }

    @Test func trailersCountTowardTheHeadLimits() {
        let count = HTTPParserConfiguration(maxHeaderCount: 3)
        #expect(Self.run("0\r\nA: 1\r\n\r\n", configuration: count).error == nil)
        #expect(Self.run("0\r\nA: 1\r\nB: 2\r\n\r\n", configuration: count).error?.code == .tooManyHeaders)
        let bytes = HTTPParserConfiguration(maxHeaderBytes: 70)
        #expect(Self.run("0\r\nA: 1\r\n\r\n", configuration: bytes).error == nil)
        #expect(Self.run("0\r\nA: 12345678\r\n\r\n", configuration: bytes).error?.code == .headersTooLarge)
    }
}

/// Chunk extensions against the grammar of RFC 9112 §7.1.1.
extension HTTPRequestParserChunkedTests {
    @Test(arguments: [
        "5;a;b=c;d=\"\"\r\nhello\r\n0\r\n\r\n",
        "5\t;\ta\t=\t\"x y\"\r\nhello\r\n0\r\n\r\n",
        "5;a=\"\\\u{80}\u{7E}\"\r\nhello\r\n0;last=1\r\n\r\n",
        "5 ;a=b\r\nhello\r\n0\r\n\r\n",
    ])
    func acceptsExtensionsOfTheGrammar(body: String) {
        #expect(Self.run(body).requests.first?.body == Array("hello".utf8))
        #expect(Self.run(body, feed: .byteByByte).requests.first?.body == Array("hello".utf8))
    }

    @Test(arguments: [
        ("5;\r\nhello", 58),  // no name
        ("5;=a\r\nhello", 58),
        ("5;a=\r\nhello", 60),  // no value
        ("5;a=\"b\r\nhello", 62),  // unclosed quoted string
        ("5;a=b c\r\nhello", 62),  // a second token without `;`
        ("5;a=\"b\"c\r\nhello", 63),
        ("5;a b\r\nhello", 60),
        ("5;a@b\r\nhello", 59),  // not a token byte
        ("5;a=\"\u{01}\"\r\nhello", 61),
        ("5;a \r\nhello", 60),  // whitespace before CRLF
        ("5;a=b\u{7F}\r\nhello", 61),
    ])
    func refusesExtensionsOutsideTheGrammar(body: String, offset: Int) {
        let run = Self.run(body)
        #expect(run.error?.code == .invalidChunkExtension)
        #expect(run.error?.offset == offset)
        #expect(Self.run(body, feed: .byteByByte).error?.offset == offset)
    }
}

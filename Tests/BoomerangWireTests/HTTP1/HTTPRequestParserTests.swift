import BoomerangSerialization
import BoomerangWire
import Foundation
import Testing

/// Request line and header fields: robustness spec §3.1 (F rows) and §3.2 (H rows).
@Suite struct HTTPRequestParserTests {
    static let curlGet = "GET /echo?a=1&b=two HTTP/1.1\r\nHost: localhost:8080\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n\r\n"

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 7)] + (1..<84).map { Feed.split(at: $0) })
    func parsesACurlGetHowEverItIsSplit(feed: Feed) {
        let run = HTTPRequestParser.run(Array(Self.curlGet.utf8), feed: feed)
        #expect(run.error == nil)
        #expect(run.idle)
        let expected = HTTPRequestHead(
            method: .get,
            target: "/echo?a=1&b=two",
            version: .http1_1,
            headers: ["Host": "localhost:8080", "User-Agent": "curl/8.5.0", "Accept": "*/*"],
            framing: .none,
            keepAlive: true,
            expectsContinue: false
        )
        #expect(run.requests == [ParsedRequest(head: expected, body: [], trailers: [:])])
        #expect(run.requests.first?.head.path == "/echo")
        #expect(run.requests.first?.head.query == "a=1&b=two")
    }

    @Test func pathAndQuerySplit() {
        #expect(HTTPRequestHead(method: .get, target: "/a/b").path == "/a/b")
        #expect(HTTPRequestHead(method: .get, target: "/a/b").query == nil)
        #expect(HTTPRequestHead(method: .get, target: "/a?").query == "")
        #expect(HTTPRequestHead(method: .get, target: "/a?x?y").query == "x?y")
        #expect(HTTPRequestHead(method: .options, target: "*").path == "*")
    }

    @Test func eventsAndConsumedCountsAreExact() throws {
        var parser = HTTPRequestParser()
        let bytes = Array("POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET".utf8)
        #expect(parser.isIdle)
        try bytes.withUnsafeBytes { buffer in
            let first = try parser.parse(buffer)
            #expect(first.consumed == 48)
            guard case .head(let head) = first.event else {
                Issue.record("expected a head, got \(String(describing: first.event))")
                return
            }
            #expect(head.framing == .contentLength(5))
            #expect(!parser.isIdle)
            let rest = UnsafeRawBufferPointer(rebasing: buffer[48...])
            let second = try parser.parse(rest)
            #expect(second.event == .body(0..<5))
            #expect(second.consumed == 5)
            let third = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[53...]))
            #expect(third.event == .end(trailers: [:]))
            #expect(third.consumed == 0)
            #expect(parser.isIdle)
            let fourth = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[53...]))
            #expect(fourth.event == nil)
            #expect(fourth.consumed == 3)
            #expect(!parser.isIdle)
        }
    }

    // MARK: - Request line (§3.1)

    @Test(arguments: [
        ("GET / HTTP/4294967295.255", HTTPParseError(code: .invalidVersion, value: "HTTP/4294967295.255", offset: 6)),
        ("GET / HTTP/-1.1", HTTPParseError(code: .invalidVersion, value: "HTTP/-1.1", offset: 6)),
        ("GET / HTTP/1.1x", HTTPParseError(code: .invalidVersion, value: "HTTP/1.1x", offset: 6)),
        ("GET / http/1.1", HTTPParseError(code: .invalidVersion, value: "http/1.1", offset: 6)),
        ("GET / HTTP/1.1 ", HTTPParseError(code: .invalidTarget, value: "/ HTTP/1.1", offset: 5)),
        ("GET / HTTP/ 1.1", HTTPParseError(code: .invalidTarget, value: "/ HTTP/", offset: 5)),
        ("GET / HTTP/2.0", HTTPParseError(code: .unsupportedVersion, value: "HTTP/2.0", offset: 6)),
        ("GET / HTTP/1.2", HTTPParseError(code: .unsupportedVersion, value: "HTTP/1.2", offset: 6)),
        ("GET / HTTP/0.9", HTTPParseError(code: .unsupportedVersion, value: "HTTP/0.9", offset: 6)),
        ("GET /", HTTPParseError(code: .invalidRequestLine, value: "GET /", offset: 5)),
        ("GET", HTTPParseError(code: .invalidRequestLine, value: "GET", offset: 3)),
        ("GET /a b HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/a b", offset: 6)),
        ("GET /a\u{01}b HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/a\\x01b", offset: 6)),
        ("GET /a\u{7F}b HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/a\\x7fb", offset: 6)),
        ("GET /caf\u{E9} HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/caf\\xe9", offset: 8)),
        ("GET /a\u{00}b HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/a\\x00b", offset: 6)),
        ("GET /a#frag HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "/a#frag", offset: 6)),
        ("GET  HTTP/1.1", HTTPParseError(code: .invalidTarget, value: "", offset: 4)),
        ("GET  / HTTP/1.1", HTTPParseError(code: .invalidTarget, value: " /", offset: 4)),
        (" GET / HTTP/1.1", HTTPParseError(code: .invalidMethod, value: " ", offset: 0)),
        ("G(T / HTTP/1.1", HTTPParseError(code: .invalidMethod, value: "G(", offset: 1)),
        ("GET\t/ HTTP/1.1", HTTPParseError(code: .invalidMethod, value: "GET\\t", offset: 3)),
        ("GET /\rx HTTP/1.1", HTTPParseError(code: .bareCarriageReturn, value: "/\\rx", offset: 5)),
        ("GET / HTTP/1.1\r", HTTPParseError(code: .bareCarriageReturn, value: "HTTP/1.1\\r", offset: 14)),
        ("GE\rT / HTTP/1.1", HTTPParseError(code: .bareCarriageReturn, value: "GE\\r", offset: 2)),
    ])
    func rejectsMalformedRequestLines(line: String, expected: HTTPParseError) {
        let bytes = (line + "\r\nHost: a\r\n\r\n").wire
        for feed in [Feed.whole, .byteByByte] {
            let run = HTTPRequestParser.run(bytes, feed: feed)
            #expect(run.error == expected, "\(feed)")
            #expect(run.requests.isEmpty)
        }
        #expect(expected.status == (expected.code == .unsupportedVersion ? 505 : 400))
    }

    @Test(arguments: [
        ("get", "/"), ("FOO", "/"), ("PURGE", "/x"), ("OPTIONS", "*"), ("GET", "*"),
        ("GET", "http://other.example/x?y"), ("CONNECT", "host.example:443"), ("M-SEARCH", "*"),
        ("GET", "/a%20b;p=1/~!$&'()*+,=:@"),
    ])
    func acceptsAnyTokenMethodAndTargetFormAsSyntax(method: String, target: String) {
        let run = HTTPRequestParser.run(Array("\(method) \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.method == HTTPMethod(method))
        #expect(run.requests.first?.head.target == target)
    }

    @Test func lowercaseGetIsAnUnknownMethod() {
        let run = HTTPRequestParser.run(Array("get / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(run.requests.first?.head.method != .get)
        #expect(run.requests.first?.head.method.rawValue == "get")
    }

    @Test func parsesHTTP10WithoutHost() {
        let run = HTTPRequestParser.run(Array("GET / HTTP/1.0\r\n\r\n".utf8))
        #expect(run.error == nil)
        #expect(run.requests.first?.head.version == .http1_0)
        #expect(run.requests.first?.head.keepAlive == false)
    }

    @Test func leadingEmptyLinesAreRejectedByDefault() {
        let bytes = Array("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.error == HTTPParseError(code: .leadingEmptyLine, value: "\\r", offset: 0))
        #expect(run.error?.status == 400)
    }

    @Test(arguments: [Feed.whole, .byteByByte])
    func leadingEmptyLinesAreIgnoredWhenAllowed(feed: Feed) {
        let configuration = HTTPParserConfiguration(ignoresLeadingEmptyLines: true)
        let bytes = Array("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: feed)
        #expect(run.error == nil)
        #expect(run.requests.map(\.head.target) == ["/"])
    }

    @Test func requestLineAtTheLimitPassesAndOneMoreByteFails() {
        let configuration = HTTPParserConfiguration(maxRequestLineBytes: 32)
        let fits = "GET /" + String(repeating: "a", count: 18) + " HTTP/1.1"
        #expect(fits.utf8.count == 32)
        let ok = HTTPRequestParser.run(Array((fits + "\r\nHost: a\r\n\r\n").utf8), configuration: configuration)
        #expect(ok.error == nil)
        let long = "GET /" + String(repeating: "a", count: 19) + " HTTP/1.1"
        for feed in [Feed.whole, .byteByByte] {
            let run = HTTPRequestParser.run(Array((long + "\r\nHost: a\r\n\r\n").utf8), configuration: configuration, feed: feed)
            #expect(run.error?.code == .requestLineTooLong, "\(feed)")
            #expect(run.error?.offset == 32, "\(feed)")
            #expect(run.error?.status == 414)
        }
    }

    @Test func hugeRequestLineIsRejectedAsSoonAsTheLimitIsPassed() throws {
        // 1 MiB with no LF: the parser must look at no more than the limit (plus CRLF).
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var parser = HTTPRequestParser()
        var prefix = Array("GET /".utf8)
        prefix.append(contentsOf: line)
        let error = prefix.withUnsafeBytes { buffer -> HTTPParseError? in
            do throws(HTTPParseError) {
                _ = try parser.parse(buffer)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == HTTPParseError(code: .requestLineTooLong, value: "GET /aaaaaaaaaaaaaaaaaaaaaaaaaaa", offset: 8192))
        // Fed in 1 KiB pieces, it fails on the piece that crosses the limit, having buffered < 9 KiB.
        var chunked = HTTPRequestParser()
        var fed = 0
        var failure: HTTPParseError?
        while fed < prefix.count, failure == nil {
            let piece = prefix[fed..<min(fed + 1024, prefix.count)]
            piece.withUnsafeBytes { buffer in
                do throws(HTTPParseError) {
                    let (event, consumed) = try chunked.parse(buffer)
                    #expect(event == nil)
                    #expect(consumed == buffer.count)
                } catch {
                    failure = error
                }
            }
            fed += 1024
        }
        #expect(failure?.code == .requestLineTooLong)
        #expect(fed == 9 * 1024)
    }

    @Test func pipelinedValidThenInvalidRequest() {
        let bytes = Array("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nINVALID\r\n\r\n".utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.requests.map(\.head.target) == ["/1"])
        #expect(run.error == HTTPParseError(code: .invalidRequestLine, value: "INVALID", offset: 7))
    }

    @Test func anErrorIsSticky() {
        var parser = HTTPRequestParser()
        let bad = Array("GET /a b HTTP/1.1\r\n".utf8)
        let good = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        var errors: [HTTPParseError] = []
        for bytes in [bad, good] {
            bytes.withUnsafeBytes { buffer in
                do throws(HTTPParseError) {
                    _ = try parser.parse(buffer)
                } catch {
                    errors.append(error)
                }
            }
        }
        #expect(errors.count == 2)
        #expect(errors.first == errors.last)
        #expect(throws: errors.first!) { try parser.finish() }
    }

    // MARK: - Keep-alive and Expect

    @Test(arguments: [
        ("HTTP/1.1", nil, true), ("HTTP/1.1", "close", false), ("HTTP/1.1", "Keep-Alive, CLOSE", false),
        ("HTTP/1.1", "keep-alive", true), ("HTTP/1.1", "upgrade", true), ("HTTP/1.0", nil, false),
        ("HTTP/1.0", "keep-alive", true), ("HTTP/1.0", " Keep-Alive ", true), ("HTTP/1.0", "keep-alive, close", false),
        ("HTTP/1.0", "keep-alive-x", false),
    ] as [(String, String?, Bool)])
    func keepAliveDecision(version: String, connection: String?, keepAlive: Bool) {
        let field = connection.map { "Connection: \($0)\r\n" } ?? ""
        let run = HTTPRequestParser.run(Array("GET / \(version)\r\nHost: a\r\n\(field)\r\n".utf8))
        #expect(run.requests.first?.head.keepAlive == keepAlive)
    }

    @Test func keepAliveLooksAtEveryConnectionField() {
        let bytes = Array((Self.prefix + "Connection: keep-alive\r\nConnection: close\r\n\r\n").utf8)
        #expect(HTTPRequestParser.run(bytes).requests.first?.head.keepAlive == false)
    }

    @Test func expectContinue() {
        let bytes = Array((Self.prefix + "Expect: 100-Continue\r\nContent-Length: 3\r\n\r\nabc").utf8)
        let run = HTTPRequestParser.run(bytes)
        #expect(run.requests.first?.head.expectsContinue == true)
        #expect(run.requests.first?.body == Array("abc".utf8))
        let http10 = HTTPRequestParser.run(Array("GET / HTTP/1.0\r\nExpect: 100-continue\r\n\r\n".utf8))
        #expect(http10.requests.first?.head.expectsContinue == false)
    }

    @Test(arguments: ["foo", "101-continue", "", "100-continue, foo"])
    func otherExpectationsAre417(value: String) {
        let run = HTTPRequestParser.run(Array((Self.prefix + "Expect: \(value)\r\n\r\n").utf8))
        #expect(run.error == HTTPParseError(code: .unsupportedExpectation, value: value, offset: 33))
        #expect(run.error?.status == 417)
    }

    @Test func excerptsAreEscapedAndShort() {
        #expect(HTTPParseError.excerpt(Array("a\\b\r\n\t\u{01}".utf8)) == "a\\\\b\\r\\n\\t\\x01")
        #expect(HTTPParseError.excerpt([UInt8](repeating: 0x41, count: 100)).count == 32)
        let error = HTTPParseError(code: .invalidTarget, value: "x", offset: 3)
        #expect(error.description == "HTTP invalidTarget (400) at byte 3: \"x\"")
    }
}

/// Inputs the fuzzer (scripts/fuzz, FuzzHTTPHead) found.
extension HTTPRequestParserTests {
    /// 517 bytes without a LF, starting `GET) / HTTP/1.0\r`: whole, the request line passed its
    /// limit and was refused as too long; byte by byte, the `)` in the method was refused first.
    static let badMethodInAnOverlongLine = [UInt8](Data(base64Encoded:
        "R0VUKSAvIEhUVFAvMS4wDfq8kJGRmpyL//////////////////////////7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+"
        + "/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7e/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7/"
        + "//9HRSD//v7+/v7+/v4vLy8v////Ly8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vL/8AAAAAALe3B/iY////"
        + "////////srKysrKysrKysrKysrKy/v//////////kpKSkpKS/wHPLy8vLy8vLy8vLwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        + "AAAAAAAvLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8v/////////wAAAAAAt7cH+Jj///8HAAAAAAAAAP///////7Cy"
        + "srKysrKysrKysrKysv7//////////////////////////////////////zn//////7KysrKysrKysrKysrKysgAAAAAAAAAA"
        + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAsrKys8EB"
        + "AAAAAAAAsv9ucP8tYQ=="
    )!)

    @Test(arguments: [Feed.whole, .byteByByte, .chunks(of: 100), .split(at: 2), .split(at: 4), .split(at: 514)])
    func aBadMethodByteBeforeTheLimitIsReportedHowEverTheLineIsSplit(feed: Feed) {
        let configuration = HTTPParserConfiguration(
            maxRequestLineBytes: 512, maxHeaderBytes: 2048, maxHeaderCount: 32, maxBodyBytes: 4096, keepsTrailers: true)
        #expect(Self.badMethodInAnOverlongLine.count == 517)
        let run = HTTPRequestParser.run(Self.badMethodInAnOverlongLine, configuration: configuration, feed: feed, finishing: true)
        #expect(run.error == HTTPParseError(code: .invalidMethod, value: "GET)", offset: 3))
    }

    @Test(arguments: [Feed.whole, .byteByByte, .split(at: 300)])
    func aMethodOfTokenBytesUpToTheLimitIsTooLong(feed: Feed) {
        // The byte that passes the limit is not looked at as a method byte, however it arrives.
        let configuration = HTTPParserConfiguration(maxRequestLineBytes: 512)
        let bytes = [UInt8](repeating: UInt8(ascii: "G"), count: 513) + Array("()\r\n".utf8)
        let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: feed, finishing: true)
        #expect(run.error?.code == .requestLineTooLong)
        #expect(run.error?.offset == 512)
    }
}

import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

/// The robustness catalogue's framing rows (§3.1–3.4) against a live server: each payload gets its
/// status and connection state, and the server keeps serving afterwards.
@Suite struct ConnectionFramingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let payload: [UInt8]
        let status: Int
        let closes: Bool
        /// Whether the server takes h2c (the default): the preface then starts HTTP/2.
        var h2c = true
        var testDescription: String { id }

        init(_ id: String, _ payload: String, _ status: Int, closes: Bool = true, h2c: Bool = true) {
            self.id = id
            self.payload = Array(payload.utf8)
            self.status = status
            self.closes = closes
            self.h2c = h2c
        }

        init(_ id: String, bytes: [UInt8], _ status: Int, closes: Bool = true) {
            self.id = id
            self.payload = bytes
            self.status = status
            self.closes = closes
        }
    }

    static let host = "Host: 127.0.0.1\r\n"

    static let cases: [Case] = [
        Case("F01 huge version", "GET /get HTTP/4294967295.255\r\n\(host)\r\n", 400),
        Case("F02 HTTP/2.0", "GET /get HTTP/2.0\r\n\(host)\r\n", 505),
        Case("F02 HTTP/1.1x", "GET /get HTTP/1.1x\r\n\(host)\r\n", 400),
        Case("F02 HTTP/-1.1", "GET /get HTTP/-1.1\r\n\(host)\r\n", 400),
        Case("F03 HTTP/0.9 shape", "GET /\r\n\r\n", 400),
        Case("F04 space in target", "GET /a b HTTP/1.1\r\n\(host)\r\n", 400),
        Case("F05 control byte in target", "GET /a\u{01} HTTP/1.1\r\n\(host)\r\n", 400),
        Case("F05 DEL in target", "GET /a\u{7f} HTTP/1.1\r\n\(host)\r\n", 400),
        Case("F06 NUL in target", bytes: Array("GET /a".utf8) + [0] + Array(" HTTP/1.1\r\n\(host)\r\n".utf8), 400),
        Case("F07 fragment in target", "GET /get#x HTTP/1.1\r\n\(host)\r\n", 400),
        Case("F08 unknown method", "FOO /get HTTP/1.1\r\n\(host)\r\n", 501),
        Case("F08 lowercase method", "get /get HTTP/1.1\r\n\(host)\r\n", 501),
        Case("F09 TRACE", "TRACE / HTTP/1.1\r\n\(host)\r\n", 501),
        Case("F09 CONNECT", "CONNECT example.com:443 HTTP/1.1\r\n\(host)\r\n", 501),
        Case("F10 absolute form", "GET http://other/x HTTP/1.1\r\n\(host)\r\n", 400, closes: false),
        Case("F11 OPTIONS *", "OPTIONS * HTTP/1.1\r\n\(host)\r\n", 200, closes: false),
        Case("F11 GET *", "GET * HTTP/1.1\r\n\(host)\r\n", 400, closes: false),
        Case("F13 9 KiB request line", "GET /\(String(repeating: "a", count: 9 * 1024)) HTTP/1.1\r\n\(host)\r\n", 414),
        Case("F14 bare CR in request line", "GET /get\rHTTP/1.1\r\n\(host)\r\n", 400),
        Case("H01 empty header name", "GET /get HTTP/1.1\r\n\(host): x\r\n\r\n", 400),
        Case("H02 space before colon", "POST /post HTTP/1.1\r\n\(host)Content-Length : 5\r\n\r\nhello", 400),
        Case("H02 tab before colon", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding\t: chunked\r\n\r\n0\r\n\r\n", 400),
        Case("H03 control in name", "GET /get HTTP/1.1\r\n\(host)X\u{01}Y: 1\r\n\r\n", 400),
        Case("H04 NUL in value", bytes: Array("GET /get HTTP/1.1\r\n\(host)User: admin".utf8) + [0] + Array("evil\r\n\r\n".utf8), 400),
        Case("H05 bare CR in value", "GET /get HTTP/1.1\r\n\(host)X: va\rlue\r\n\r\n", 400),
        Case("H06 obs-fold", "GET /get HTTP/1.1\r\n\(host)X: a\r\n b\r\n\r\n", 400),
        Case("H06 fold as first line", "GET /get HTTP/1.1\r\n b\r\n\(host)\r\n", 400),
        Case("H07 line without colon", "GET /get HTTP/1.1\r\n\(host)JustAName\r\n\r\n", 400),
        Case("H08 missing Host", "GET /get HTTP/1.1\r\n\r\n", 400),
        Case("H08 two Host headers", "GET /get HTTP/1.1\r\n\(host)\(host)\r\n", 400),
        Case("H09 300 headers", "GET /get HTTP/1.1\r\n\(host)\(String(repeating: "X: y\r\n", count: 300))\r\n", 431),
        Case("H10 64 KiB header value", "GET /get HTTP/1.1\r\n\(host)X: \(String(repeating: "v", count: 64 * 1024))\r\n\r\n", 431),
        Case("H12 CR then byte ends the block", "GET /get HTTP/1.1\r\n\(host)\r\rX\r\n\r\n", 400),
        Case("B01 two different Content-Length", "POST /post HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        Case("B02 Content-Length +1", "POST /post HTTP/1.1\r\n\(host)Content-Length: +1\r\n\r\na", 400),
        Case("B02 Content-Length 0x1", "POST /post HTTP/1.1\r\n\(host)Content-Length: 0x1\r\n\r\na", 400),
        Case("B02 Content-Length 1, 1", "POST /post HTTP/1.1\r\n\(host)Content-Length: 1, 1\r\n\r\na", 400),
        Case("B02 empty Content-Length", "POST /post HTTP/1.1\r\n\(host)Content-Length: \r\n\r\n", 400),
        Case("B03 Content-Length over Int64", "POST /post HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999\r\n\r\n", 413),
        Case("B04 Content-Length and chunked", "POST /post HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        Case("B05 gzip, chunked", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
        Case("B06 chunked twice", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        Case("B07 chunked on HTTP/1.0", "POST /post HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        Case("B08 HEAD with a body", "HEAD /get HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", 400),
        Case("B13 Expect: foo", "POST /post HTTP/1.1\r\n\(host)Expect: foo\r\nContent-Length: 1\r\n\r\na", 417),
        Case("C01 chunk size 0x5", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n", 400),
        Case("C01 chunk size +5", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n+5\r\nhello\r\n0\r\n\r\n", 400),
        Case("C01 chunk size with space", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n 5\r\nhello\r\n0\r\n\r\n", 400),
        Case("C02 data without CRLF", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\r\nabc1\r\nx\r\n0\r\n\r\n", 400),
        Case("C04 bare LF after size", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\nabc\r\n0\r\n\r\n", 400),
        Case("C07 endless size line", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n\(String(repeating: "0", count: 100))", 400),
        Case("C07 size digits past Int64", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n\(String(repeating: "1", count: 100))", 413),
        Case("C08 chunk size overflow", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n", 413),
        Case("C12 empty size line", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n\r\n\r\n", 400),
        Case("K11 HTTP/2 preface, h2c off", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, h2c: false),
        Case("K11 TLS ClientHello", bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], 400),
    ]

    @Test(arguments: cases)
    func answersWithStatusAndConnectionState(_ row: Case) throws {
        let live = try LiveServer { $0.h2c = row.h2c }
        let connection = try RawConnection(port: live.port)
        var response: TestResponse?
        _ = try RowCPU.measure(live, row.id) {
            try connection.send(row.payload)
            response = try connection.readResponse()
        }
        let answer = try #require(response, "no response to \(row.id)")
        #expect(answer.status == row.status, "\(row.id): \(answer.text)")
        if row.closes { #expect(answer.header("Connection") == "close") }
        try live.expectAftermath(of: row.id, on: connection, closes: row.closes, host: Self.host)
    }

    /// Robustness F15.
    @Test func pipelinedValidThenInvalidAnswersBothThenCloses() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /get HTTP/1.1\r\n\(Self.host)\r\nGET /a b HTTP/1.1\r\n\(Self.host)\r\n")
        let first = try #require(try connection.readResponse())
        #expect(first.status == 200)
        #expect(first.header("Connection") != "close")
        let second = try #require(try connection.readResponse())
        #expect(second.status == 400)
        #expect(second.header("Connection") == "close")
        #expect(connection.closedByServer())
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func threePipelinedRequestsGetThreeResponsesInOrder() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        let requests = (1...3).map { "GET /get?n=\($0) HTTP/1.1\r\n\(Self.host)\r\n" }.joined()
        try connection.send(requests)
        for n in 1...3 {
            let response = try #require(try connection.readResponse())
            let args = response.json?["args"] as? [String: Any]
            #expect(args?["n"] as? String == "\(n)")
        }
    }

    /// Robustness B11.
    @Test func smallerContentLengthLeavesTheRestAsTheNextRequest() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Length: 2\r\n\r\nabGET /get?second=1 HTTP/1.1\r\n\(Self.host)\r\n")
        let first = try #require(try connection.readResponse())
        #expect(first.json?["data"] as? String == "ab")
        let second = try #require(try connection.readResponse())
        #expect((second.json?["args"] as? [String: Any])?["second"] as? String == "1")
    }

    @Test func bodyOnGetIsReadAndEchoed() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /anything HTTP/1.1\r\n\(Self.host)Content-Length: 5\r\n\r\nhello")
        let response = try #require(try connection.readResponse())
        #expect(response.json?["data"] as? String == "hello")
    }

    @Test func expectContinueGetsAnInterimResponseThenTheEcho() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Expect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(try connection.readResponse()?.status == 100)
        try connection.send("hello")
        #expect(try connection.readResponse()?.json?["data"] as? String == "hello")
    }

    /// Robustness B12.
    @Test func expectContinueOverTheBodyLimitIs413BeforeAnyBody() throws {
        let live = try LiveServer { $0.maxBodyBytes = 1000 }
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Expect: 100-continue\r\nContent-Length: 1001\r\n\r\n")
        let answer = try #require(try connection.readResponse())
        #expect(answer.status == 413)
        #expect(answer.header("Connection") == "close")
        #expect(connection.closedByServer())
        #expect(try live.fetch("/get").status == 200)
    }

    /// Robustness B14 (Content-Length) and C09 (chunks, each under the limit, whose sum crosses it).
    /// The over-limit clients send their whole body before reading: the lingering close lets them
    /// read the 413 all the same.
    @Test func bodyAtTheLimitPassesAndOneMoreByteIs413() throws {
        let live = try LiveServer { $0.maxBodyBytes = 1000 }
        let atLimit = try RawConnection(port: live.port)
        try atLimit.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Length: 1000\r\n\r\n" + String(repeating: "a", count: 1000))
        let passed = try #require(try atLimit.readResponse())
        #expect(passed.status == 200)
        #expect(passed.header("Connection") != "close")
        let over = try RawConnection(port: live.port)
        try over.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Length: 1001\r\n\r\n" + String(repeating: "a", count: 1001))
        let refused = try #require(try over.readResponse())
        #expect(refused.status == 413)
        #expect(refused.header("Connection") == "close")
        #expect(over.closedByServer())
        let chunked = try RawConnection(port: live.port)
        try chunked.send("POST /post HTTP/1.1\r\n\(Self.host)Transfer-Encoding: chunked\r\n\r\n3e8\r\n" + String(repeating: "a", count: 1000) + "\r\n1\r\nb\r\n0\r\n\r\n")
        let crossed = try #require(try chunked.readResponse())
        #expect(crossed.status == 413)
        #expect(crossed.header("Connection") == "close")
        #expect(chunked.closedByServer())
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func chunkExtensionsAreIgnoredAndTrailersDropped() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send(
            "POST /post HTTP/1.1\r\n\(Self.host)Transfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n0\r\nX:POST / HTTP/1.1\r\nHost: evil\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.json?["data"] as? String == "hello")
        let headers = response.json?["headers"] as? [String: Any]
        #expect(headers?["Host"] as? String == "127.0.0.1")
        #expect(headers?["X"] == nil)
        try connection.send("GET /get HTTP/1.1\r\n\(Self.host)\r\n")
        #expect(try connection.readResponse()?.status == 200)
    }

    /// Robustness K01 (after a request; a connection that never sends is in `SlowAndVanishingClientTests`).
    @Test func idleKeepAliveConnectionIsClosedAtTheIdleTimeout() throws {
        let live = try LiveServer { $0.idleTimeout = 0.5 }
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /get HTTP/1.1\r\n\(Self.host)\r\n")
        #expect(try connection.readResponse()?.status == 200)
        #expect(connection.closedByServer(within: 3))
    }

    /// Robustness K02 (a head that stops; one dribbled on is in `SlowAndVanishingClientTests`).
    @Test func slowHeadIsAnswered408AtTheHeaderDeadline() throws {
        let live = try LiveServer { $0.headerTimeout = 0.5 }
        let connection = try RawConnection(port: live.port)
        try connection.send("GET /get HTTP/1.1\r\nHo")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 408)
        #expect(connection.closedByServer())
    }

    /// Robustness K10.
    @Test func halfClosedClientStillGetsItsResponse() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
        connection.shutdownWrite()
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(response.json?["data"] as? String == "hello")
        #expect(connection.closedByServer())
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func truncatedBodyIsDroppedWithoutAResponseAndTheServerKeepsServing() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        try connection.send("POST /post HTTP/1.1\r\n\(Self.host)Content-Length: 100\r\n\r\nabc")
        connection.shutdownWrite()
        #expect(try connection.readResponse() == nil)
        let next = try RawConnection(port: live.port)
        try next.send("GET /get HTTP/1.1\r\n\(Self.host)\r\n")
        #expect(try next.readResponse()?.status == 200)
    }
}

extension ConnectionFramingTests {
    /// The status line says the server's version, HTTP/1.1, to an HTTP/1.0 client too (RFC 9112
    /// §2.3); the connection keeps HTTP/1.0's rules.
    @Test func http10ClosesUnlessItAsksForKeepAlive() throws {
        let live = try LiveServer()
        let plain = try RawConnection(port: live.port)
        try plain.send("GET /get HTTP/1.0\r\n\r\n")
        let first = try #require(try plain.readResponse())
        #expect(first.statusLine == "HTTP/1.1 200 OK")
        #expect(first.header("Connection") == "close")
        #expect(plain.closedByServer())
        let kept = try RawConnection(port: live.port)
        try kept.send("GET /get HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let second = try #require(try kept.readResponse())
        #expect(second.statusLine == "HTTP/1.1 200 OK")
        #expect(second.header("Connection") == "keep-alive")
        try kept.send("GET /nowhere HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let missing = try #require(try kept.readResponse())
        #expect(missing.statusLine == "HTTP/1.1 404 Not Found")
        #expect(missing.header("Connection") == "keep-alive")
        try kept.send("GET /ip HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse()?.status == 200)
    }
}

import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

/// The echo routes' answers, methods, response controls and formats, over raw HTTP.
@Suite struct EchoRoutesTests {
    func exchange(_ server: InProcessServer, _ request: String, head: Bool = false) throws -> TestResponse {
        let connection = server.connect()
        try connection.send(request)
        return try #require(try connection.readResponse(forHead: head))
    }

    @Test func getEchoHasHttpbinKeysAndExtensions() throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /get?a=1 HTTP/1.1\r\nHost: example.test\r\nX-Custom-header: v\r\n\r\n")
        let json = try #require(response.json)
        #expect(Set(json.keys) == ["args", "headers", "headersRaw", "httpVersion", "origin", "params", "query", "requestId", "url"])
        #expect(json["url"] as? String == "http://example.test/get?a=1")
        #expect(json["httpVersion"] as? String == "1.1")
        #expect(json["origin"] as? String == "127.0.0.1")
        #expect((json["headers"] as? [String: String])?["X-Custom-Header"] == "v")
        #expect((json["headersRaw"] as? [[String]])?[1] == ["X-Custom-header", "v"])
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("X-Request-Id") == json["requestId"] as? String)
    }

    /// A body dense in control characters would echo at six times its size as escaped text
    /// (robustness R02): it is echoed as a data URL instead, and says so; sparse ones stay text.
    @Test func controlDenseTextIsEchoedAsData() throws {
        let server = InProcessServer()
        let dense = String(repeating: "\u{1}\u{2}ab", count: 40_000)
        let response = try exchange(
            server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: \(dense.utf8.count)\r\n\r\n\(dense)")
        let json = try #require(response.json)
        let data = try #require(json["data"] as? String)
        #expect(data.hasPrefix("data:application/octet-stream;base64,"))
        #expect(Data(base64Encoded: String(data.dropFirst("data:application/octet-stream;base64,".count))) == Data(dense.utf8))
        let codes = (json["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(codes.contains("controlCharactersEchoedAsData"))
        #expect(response.body.count < 2 * dense.utf8.count)
        let sparse = String(repeating: "\u{1}\u{2}ab", count: 30_000)
        let kept = try exchange(
            server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: \(sparse.utf8.count)\r\n\r\n\(sparse)")
        #expect(kept.json?["data"] as? String == sparse)
        let boundary = "XyZ"
        let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"c.bin\"\r\n\r\n\(dense)\r\n--\(boundary)--\r\n"
        let parts = try exchange(
            server,
            "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(multipart.utf8.count)\r\n\r\n\(multipart)")
        let file = try #require((parts.json?["files"] as? [String: Any])?["f"] as? String)
        #expect(file.hasPrefix("data:application/octet-stream;base64,"))
        let part = try #require(((parts.json?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]])?.first)
        #expect(part["text"] == nil)
        #expect(parts.body.count < 2 * multipart.utf8.count)
    }

    @Test func repeatedHeadersAreJoinedAndForwardedForIsTheOrigin() throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /headers HTTP/1.1\r\nHost: x\r\nX-A: 1\r\nx-a: 2\r\nX-Forwarded-For: 10.1.2.3\r\n\r\n")
        #expect(response.json?.keys.sorted() == ["headers"])
        #expect((response.json?["headers"] as? [String: String])?["X-A"] == "1,2")
        let ip = try exchange(server, "GET /ip HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.1.2.3\r\n\r\n")
        #expect(ip.json?["origin"] as? String == "10.1.2.3")
        let agent = try exchange(server, "GET /user-agent HTTP/1.1\r\nHost: x\r\nUser-Agent: tester/1\r\n\r\n")
        #expect(agent.json?["user-agent"] as? String == "tester/1")
    }

    @Test func anythingTakesAnyMethodAndPath() throws {
        let server = InProcessServer()
        let response = try exchange(server, "PROPFIND /anything/deep/path?x=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        #expect(response.status == 200)
        #expect(response.json?["method"] as? String == "PROPFIND")
        #expect(response.json?["data"] as? String == "abc")
        #expect(response.json?["url"] as? String == "http://x/anything/deep/path?x=1")
    }

    @Test func wrongMethodIs405WithAllowAndOptionsLists() throws {
        let server = InProcessServer()
        let wrong = try exchange(server, "POST /get HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, HEAD, OPTIONS")
        let options = try exchange(server, "OPTIONS /post HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(options.status == 200)
        #expect(options.header("Allow") == "POST, OPTIONS")
        let missing = try exchange(server, "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(missing.status == 404)
        #expect((missing.json?["error"] as? [String: Any])?["code"] as? String == "notFound")
    }

    @Test func headHasTheGetLengthAndNoBody() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("HEAD /get HTTP/1.1\r\nHost: x\r\n\r\nGET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try #require(try connection.readResponse(forHead: true))
        #expect(head.status == 200)
        #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 0)
        let next = try #require(try connection.readResponse())
        #expect(next.status == 200, "the HEAD response must carry no body bytes")
    }

    @Test(arguments: [
        ("/get?x-set-response-status-code=418", "", 418),
        ("/get", "x-set-response-status-code: 503\r\n", 503),
        ("/post?x-set-response-status-code=201", "", 201),
    ])
    func statusControl(path: String, header: String, status: Int) throws {
        let server = InProcessServer()
        let method = path.hasPrefix("/post") ? "POST" : "GET"
        let response = try exchange(server, "\(method) \(path) HTTP/1.1\r\nHost: x\r\n\(header)Content-Length: 0\r\n\r\n")
        #expect(response.status == status)
        #expect(response.json?["url"] != nil, "the echo is still the body")
    }

    @Test func contentTypeControlSetsAnyValueOrNone() throws {
        let server = InProcessServer()
        let custom = try exchange(server, "GET /get?x-set-response-content-type=text/html%3B%20charset%3Dutf-8 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(custom.header("Content-Type") == "text/html; charset=utf-8")
        let none = try exchange(server, "GET /get HTTP/1.1\r\nHost: x\r\nx-set-response-content-type:\r\n\r\n")
        #expect(none.header("Content-Type") == nil)
        #expect(none.json?["args"] != nil)
        let injected = try exchange(server, "GET /get?x-set-response-content-type=a%0D%0AX-Evil:%201 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(injected.status == 400)
        #expect(injected.header("X-Evil") == nil)
    }

    @Test(arguments: [
        ("json", "application/json"), ("plist", "application/x-plist"), ("binary-plist", "application/x-bplist"), ("xml", "application/xml"),
    ])
    func formatControl(name: String, contentType: String) throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /get?q=1&x-set-response-format=\(name) HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n")
        #expect(response.header("Content-Type") == contentType)
        switch name {
        case "plist", "binary-plist":
            let plist = try PropertyListSerialization.propertyList(from: Data(response.body), format: nil) as? [String: Any]
            #expect((plist?["args"] as? [String: Any])?["q"] as? String == "1")
        case "xml":
            #expect(response.text.hasPrefix("<?xml"))
            #expect(response.text.contains("<boomerang"))
        default:
            #expect((response.json?["args"] as? [String: Any])?["q"] as? String == "1")
        }
    }

    @Test func invalidControlsAre400AndNamed() throws {
        let server = InProcessServer()
        for query in ["x-set-response-status-code=99", "x-set-response-status-code=abc", "x-set-response-delay-ms=-1", "x-set-response-format=yaml"] {
            let response = try exchange(server, "GET /get?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.status == 400, "\(query)")
            let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(String(query.split(separator: "=")[0])), "\(message)")
        }
    }

    @Test func notAcceptableListsWhatCanBeProduced() throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /get HTTP/1.1\r\nHost: x\r\nAccept: image/png, text/html;q=0.5\r\n\r\n")
        #expect(response.status == 406)
        let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("application/json") && message.contains("application/x-bplist"))
    }

    @Test func binaryBodyIsADataURLAndMalformedMultipartIsDiagnosed() throws {
        let server = InProcessServer()
        let binary = server.connect()
        try binary.send(Array("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 3\r\n\r\n".utf8) + [0xFF, 0x00, 0xFE])
        let echo = try #require(try binary.readResponse()?.json)
        #expect(echo["data"] as? String == "data:application/octet-stream;base64,/wD+")
        let broken = try exchange(
            server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 40\r\n\r\n--XYZ\r\nContent-Disposition: form-data\r\n\r\nab")
        #expect(broken.status == 400)
        #expect(broken.errorCode == "missingFinalBoundary")
        let diagnostics = broken.json?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.first?["code"] as? String == "missingFinalBoundary")
        #expect((broken.json?["multipart"] as? [String: Any])?["complete"] as? Bool == false)
    }

    @Test func largeBodyBeyondTheBufferLimitIsCountedAndHashedNotKept() throws {
        let server = InProcessServer { $0.maxBufferedBodyBytes = 1000 }
        let body = String(repeating: "z", count: 5000)
        let response = try exchange(server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5000\r\n\r\n\(body)")
        let summary = response.json?["body"] as? [String: Any]
        #expect((summary?["size"] as? NSNumber)?.intValue == 5000)
        #expect(summary?["truncated"] as? Bool == true)
        #expect(summary?["sha256"] as? String == EchoFixtures.sha256(Array(body.utf8)))
    }
}

extension EchoRoutesTests {
    @Test func everyAnswerForbidsSniffingAndActiveContent() throws {
        let server = InProcessServer()
        for request in ["GET /get?x-set-response-content-type=text/html HTTP/1.1\r\nHost: x\r\n\r\n", "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n"] {
            let response = try exchange(server, request)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'")
        }
    }
}

extension EchoRoutesTests {
    @Test func xmlBodiesAreCheckedForWellFormedness() throws {
        let server = InProcessServer()
        let good = "<a><b>1</b></a>"
        let wellFormed = try exchange(server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: \(good.utf8.count)\r\n\r\n\(good)")
        #expect(wellFormed.json?["xml"] as? [String: Bool] == ["wellFormed": true])
        #expect(wellFormed.json?["data"] as? String == good)
        let bad = "<a><b>1</a>"
        let malformed = try exchange(server, "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: \(bad.utf8.count)\r\n\r\n\(bad)")
        let xml = malformed.json?["xml"] as? [String: Any]
        #expect(xml?["wellFormed"] as? Bool == false)
        #expect((xml?["parserError"] as? NSNumber)?.intValue == 76)
        let codes = (malformed.json?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes == ["malformedXML"])
    }
}

extension EchoRoutesTests {
    @Test func status205HasNoContentAndKeepsTheConnectionUsable() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /get?x-set-response-status-code=205 HTTP/1.1\r\nHost: x\r\n\r\nGET /ip HTTP/1.1\r\nHost: x\r\n\r\n")
        let reset = try #require(try connection.readResponse())
        #expect(reset.status == 205)
        #expect(reset.header("Content-Length") == "0")
        #expect(reset.body.isEmpty)
        #expect(try connection.readResponse()?.status == 200)
    }

    @Test func anInformationalStatusIsSentThenTheConnectionCloses() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /get?x-set-response-status-code=103 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.closedByServer(within: 2))
    }
}

extension EchoRoutesTests {
    @Test func theDelayControlIsCappedBySetting() throws {
        let server = InProcessServer { $0.maxResponseDelayMilliseconds = 100 }
        let started = server.clock.now
        let response = try server.fetch("/get", headers: [("x-set-response-delay-ms", "60000")])
        #expect(response.status == 200)
        #expect(server.clock.now - started == 100_000_000, "held back \(server.clock.now - started) ns")
    }
}

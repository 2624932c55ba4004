import BoomerangServer
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// How exchanges that do not end well are recorded, redaction, and sessions, on a server server.
@Suite struct HistoryRecordingTests {
    @Test func aRequestRefusedByTheFramingRulesIsRecordedWithItsBytes() throws {
        let server = InProcessServer()
        let request = "POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nAuthorization: Bearer s3cret\r\n\r\nabc"
        let response = try server.send(request)
        #expect(response.status == 400)
        let entry = try server.lastEntry()
        #expect(entry.string("outcome") == "refused")
        #expect(entry.int("status") == 400)
        #expect(entry.string("method") == "POST")
        #expect(entry.string("target") == "/post")
        let refusal = try #require(entry.object("refusal"))
        #expect(refusal.string("code") == "contentLengthWithTransferEncoding")
        let raw = try #require(refusal.string("raw"))
        #expect(raw.hasPrefix("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"))
        #expect(raw.contains("Authorization: [redacted]\r\n"))
        #expect(!raw.contains("s3cret"))
        #expect(entry.diagnosticCodes == ["contentLengthWithTransferEncoding"])
        #expect(try server.listed("?outcome=refused").count == 1)
    }

    @Test func thePagesOwnFetchesAreNotRecordedAndOtherRequestsAre() throws {
        let server = InProcessServer()
        func get(_ target: String, _ headers: [String], method: String = "GET") throws {
            var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
            for header in headers { request += header + "\r\n" }
            if method == "POST" { request += "Content-Length: 0\r\n" }
            #expect(try server.send(request + "\r\n").status == 200, "\(target)")
        }
        // As the Scenarios tab fetches the catalogue: Chromium adds Sec-Fetch-Site itself.
        try get("/scenarios?page=1", ["X-Boomerang-Page: scenarios", "Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: cors"])
        try get("/scenarios?page=2", ["x-boomerang-page: scenarios"])
        try get("/scenarios?normal=1", [])
        try get("/scenarios?cross=1", ["X-Boomerang-Page: scenarios", "Sec-Fetch-Site: cross-site"])
        try get("/post?post=1", ["X-Boomerang-Page: scenarios"], method: "POST")
        try get("/scenarios?empty=1", ["X-Boomerang-Page: "])
        try get("/get?other=1", ["X-Boomerang-Page: scenarios", "Sec-Fetch-Site: same-origin"])
        try get("/get?last=1", [])
        let entries = try server.waitForEntries(6)
        let targets = Set(entries.compactMap { $0.string("target") })
        #expect(
            targets == ["/scenarios?normal=1", "/scenarios?cross=1", "/post?post=1", "/scenarios?empty=1", "/get?other=1", "/get?last=1"],
            "only the catalogue's route honours the marker: \(targets)")
    }

    @Test func aClientThatLeavesMidBodyIsRecordedAsAborted() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789")
        connection.shutdownWrite()
        let entries = try server.waitForEntries(1)
        #expect(entries.first?.string("outcome") == "clientAborted")
        #expect(entries.first?.int("status") == 0)
        let entry = try server.lastEntry()
        #expect(entry.object("abort")?.int("expectedBodyBytes") == 100)
        #expect(entry.object("abort")?.int("receivedBodyBytes") == 10)
        #expect(entry.object("request")?.object("body")?.string("text") == "0123456789")
        #expect(entry.diagnosticCodes.contains("contentLengthMismatch"))
        #expect(entry["response"] is NSNull)
    }

    @Test func theHeadOfALargeUploadIsShownWhole() throws {
        // The history keeps the head's bytes and reads them again: past the parser's default
        // body limit (10 MiB) and with a long header, they must still read back.
        let server = InProcessServer()
        let connection = server.connect()
        let long = String(repeating: "v", count: 20_000)
        try connection.send(
            "PUT /put HTTP/1.1\r\nHost: x\r\nX-Long: \(long)\r\nContent-Length: \(50 << 20)\r\n\r\n0123456789")
        connection.shutdownWrite()
        _ = try server.waitForEntries(1)
        let request = try #require(try server.lastEntry().object("request"))
        let headers = request["headers"] as? [[String]] ?? []
        #expect(headers.contains(["Content-Length", "\(50 << 20)"]))
        #expect(headers.contains(["X-Long", long]))
        #expect(request.string("method") == "PUT")
    }

    @Test func aHeadThatNeverCompletesIsRecordedAsATimeout() throws {
        let server = InProcessServer { $0.headerTimeout = 0.3 }
        let connection = server.connect()
        try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n")
        #expect(try connection.readResponse()?.status == 408)
        let entry = try server.lastEntry()
        #expect(entry.string("outcome") == "refused")
        #expect(entry.object("refusal")?.string("code") == "headerTimeout")
    }

    /// The echo of a request without a body is not kept but written again from the kept head: the
    /// history shows the very bytes the client got.
    @Test(arguments: [
        "GET /get?a=1&b[c]=x+y HTTP/1.1\r\nHost: h:1\r\nX-Forwarded-For: 10.9.8.7\r\nX-Dup: 1\r\nx-dup: 2\r\n\r\n",
        "DELETE /anything/p HTTP/1.1\r\nHost: h\r\nX-Request-ID: client-7\r\n\r\n",
        "GET /headers HTTP/1.1\r\nHost: h\r\nUser-Agent: <img src=x onerror=alert(1)>\r\n\r\n",
    ])
    func aBodylessEchoIsShownAsItWasSent(request: String) throws {
        let server = InProcessServer()
        let echoed = try server.send(request)
        #expect(echoed.status == 200)
        let entry = try server.lastEntry()
        let body = try #require(entry.object("response")?.object("body"))
        #expect(body["inline"] as? Bool == true)
        #expect(body.string("text") == String(decoding: echoed.body, as: UTF8.self))
        #expect(entry.object("response")?.int("bodyBytes") == echoed.body.count)
    }

    @Test func sensitiveHeadersAreStoredRedactedButStillEchoed() throws {
        let server = InProcessServer()
        let echoed = try server.send(
            "GET /get HTTP/1.1\r\nHost: x\r\nAuthorization: Basic dXNlcjpwYXNz\r\nCookie: id=42\r\nX-Api-Key: k-1\r\n\r\n")
        #expect(echoed.json?.object("headers")?.string("Authorization") == "Basic dXNlcjpwYXNz")
        let entry = try server.lastEntry()
        let request = try #require(entry.object("request"))
        let headers = request["headers"] as? [[String]] ?? []
        #expect(headers.contains(["Authorization", "[redacted]"]))
        #expect(headers.contains(["Cookie", "[redacted]"]))
        #expect(headers.contains(["X-Api-Key", "[redacted]"]))
        #expect(request["redactedHeaders"] as? [String] == ["Authorization", "Cookie", "X-Api-Key"])
        #expect(request.string("raw")?.contains("dXNlcjpwYXNz") == false)
        // The echo's answer repeats the credentials, so its body is not kept.
        #expect(entry.object("response")?.object("body")?["inline"] as? Bool == false)
        #expect(try server.admin("/__admin/requests/1").text.contains("dXNlcjpwYXNz") == false)
        #expect(try server.listed("?q=dXNlcjpwYXNz").isEmpty)
    }

    @Test func redactionCanBeTurnedOff() throws {
        let server = InProcessServer { $0.historyRedactHeaders = false }
        _ = try server.send("GET /response-headers?Set-Cookie=id%3D7 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer abc\r\n\r\n")
        let entry = try server.lastEntry()
        let headers = entry.object("request")?["headers"] as? [[String]] ?? []
        #expect(headers.contains(["Authorization", "Bearer abc"]))
        let responseHeaders = try #require(entry.object("response")?["headers"] as? [[String]])
        #expect(responseHeaders.contains(["Set-Cookie", "id=7"]))
    }

    /// The response's head is kept as written, every field in order (those the writer adds too),
    /// a `Set-Cookie` value redacted.
    @Test func theResponseHeadIsShownAsSent() throws {
        let server = InProcessServer()
        let sent = try server.send("GET /response-headers?X-Thing=caf%C3%A9&Set-Cookie=id%3D7&x-empty= HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(sent.status == 200)
        let response = try #require(try server.lastEntry().object("response"))
        let recorded = try #require(response["headers"] as? [[String]])
        let sentFields = sent.headers.map { field in
            [field.name, field.name.lowercased() == "set-cookie" ? "[redacted]" : field.value]
        }
        #expect(recorded == sentFields)
        #expect(recorded.contains(["X-Thing", "caf\u{e9}"]))
        #expect(recorded.contains(["Set-Cookie", "[redacted]"]))
        #expect(recorded.contains { $0[0] == "Date" } && recorded.contains { $0[0] == "Content-Length" })
        let raw = try #require(response.string("raw"))
        #expect(raw.hasPrefix("HTTP/1.1 200 OK\r\n") && raw.hasSuffix("\r\n\r\n"))
        #expect(!raw.contains("id=7"))
    }

    /// A streamed response is recorded when it ends: its head as written, the body it sent and
    /// the bytes on the wire, chunk framing included.
    @Test func aChunkedStreamIsRecordedWithItsHeadAndTheBytesItSent() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /stream/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let wire = try #require(connection.bytesUntilClosed(within: 5))
        let headEnd = try #require(wire.firstRange(of: Array("\r\n\r\n".utf8))).upperBound
        let entry = try server.lastEntry()
        #expect(entry.string("outcome") == "complete")
        #expect(entry.int("responseBytes") == wire.count)
        let response = try #require(entry.object("response"))
        #expect(response.string("raw") == String(decoding: wire[..<headEnd], as: UTF8.self))
        let recorded = try #require(response["headers"] as? [[String]])
        #expect(recorded.contains(["Transfer-Encoding", "chunked"]))
        #expect(recorded.contains(["Content-Type", "application/json"]))
        // The body is the chunks' data, without their size lines.
        var body: [UInt8] = []
        var rest = wire[headEnd...]
        while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)), let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            body += rest[lineEnd.upperBound..<lineEnd.upperBound + size]
            rest = rest[(lineEnd.upperBound + size + 2)...]
        }
        #expect(String(decoding: body, as: UTF8.self).split(separator: "\n").count == 2)
        #expect(response.int("bodyBytes") == body.count)
        #expect(response.int("bytes") == wire.count)
        #expect(response.object("body")?["inline"] as? Bool == false, "a streamed body is not kept")
    }

    /// A body made while it is sent under `Content-Length` is recorded as sent.
    @Test func aStreamedBodyOfKnownLengthShowsItsSize() throws {
        let server = InProcessServer()
        let sent = try server.send("GET /bytes/200000?seed=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(sent.body.count == 200_000)
        let entry = try server.lastEntry()
        let response = try #require(entry.object("response"))
        #expect(response["bodyBytes"] as? Int == 200_000)
        #expect(try #require(entry.int("responseBytes")) > 200_000)
        #expect(response.string("raw")?.contains("Content-Length: 200000\r\n") == true)
    }

    /// A client that leaves a stream before its end gets one entry: aborted while the response
    /// was sent, with the status it had and the body sent until then.
    @Test func aClientThatLeavesAStreamIsRecordedOnceAsAborted() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("GET /drip?duration=2&numbytes=4&delay=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try #require(try connection.readResponse(forHead: true))
        #expect(head.status == 200)
        #expect(connection.read(exactly: 1).count == 1)
        connection.reset()
        let entries = try server.waitForEntries(1)
        #expect(entries.count == 1)
        let entry = try server.lastEntry()
        #expect(entry.string("outcome") == "clientAborted")
        #expect(entry.int("status") == 200)
        #expect(entry.object("abort")?.string("phase") == "response")
        #expect(entry.object("abort")?.string("cause") == "clientClosed")
        let bodyBytes = try #require(entry.object("response")?.int("bodyBytes"))
        #expect(bodyBytes >= 1 && bodyBytes < 4)
        // Nothing else is recorded for it later, when the drip would have ended.
        server.advance(seconds: 3)
        #expect(try server.listed().count == 1)
    }

    /// A `HEAD` response has no body after its head: the head is found all the same.
    @Test func aHeadResponseIsShownWhole() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("HEAD /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let sent = try #require(try connection.readResponse(forHead: true))
        #expect(sent.status == 200)
        let recorded = try #require(try server.lastEntry().object("response")?["headers"] as? [[String]])
        #expect(recorded == sent.headers.map { [$0.name, $0.value] })
    }

    @Test func sessionsComeFromThePathPrefixOrTheHeader() throws {
        let server = InProcessServer()
        let prefixed = try server.send("GET /s/run-1/anything/deep?x=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(prefixed.status == 200)
        #expect(prefixed.json?.string("url") == "http://x/s/run-1/anything/deep?x=1")
        #expect(try server.send("GET /s/run-1 HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\nX-Boomerang-Session: run-2\r\n\r\n")
        _ = try server.send("GET /s/run-3/get HTTP/1.1\r\nHost: x\r\nX-Boomerang-Session: run-2\r\n\r\n")
        #expect(try server.send("GET /s/bad!name/get HTTP/1.1\r\nHost: x\r\n\r\n").status == 404)
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\nX-Boomerang-Session: not valid\r\n\r\n")
        let listed = try server.listed()
        #expect(listed.map { $0.string("session") } == ["default", "default", "run-3", "run-2", "run-1", "run-1"])
        #expect(listed.map { $0.string("path") } == ["/get", "/s/bad!name/get", "/get", "/get", "/", "/anything/deep"])
        #expect(listed[5].string("route") == "echo.anything")
        #expect(listed[4].string("route") == "page.index")
        // The admin API is not under a session prefix; the attempt is an ordinary 404 of that session.
        #expect(try server.admin("/s/run-1/__admin/requests").status == 404)
        #expect(try server.listed("?session=run-1").count == 3)
    }

    /// The default keeps bodies up to 1 MiB whole: a 100 KB JSON upload can be read back from the
    /// history (it was only previewed under the 64 KiB default before).
    @Test func aHundredKilobyteJSONUploadIsKeptWholeByDefault() throws {
        #expect(ServerSettings().maxHistoryBodyBytes == 1 << 20)
        let live = try LiveServer()
        let json = "[" + (0..<9_090).map { _ in "\"0123456\"" }.joined(separator: ",") + "]"
        let body = json + String(repeating: " ", count: 100_000 - json.utf8.count)
        #expect(body.utf8.count == 100_000)
        let echoed = try live.send(
            "POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n\(body)")
        #expect(echoed.status == 200)
        let recorded = try #require(try live.lastEntry().object("request")?.object("body"))
        #expect(recorded.int("size") == 100_000)
        #expect(recorded["inline"] as? Bool == true)
        #expect(recorded["preview"] as? Bool != true)
        #expect(recorded.string("text") == body)
        let download = try live.admin("/__admin/requests/1/body")
        #expect(download.status == 200)
        #expect(download.body == Array(body.utf8))
    }

    @Test func aBodyOverTheCapKeepsItsSizeHashAndPreview() throws {
        let server = InProcessServer { $0.maxHistoryBodyBytes = 2000 }
        let body = String(repeating: "abcdefghij", count: 500)
        _ = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5000\r\n\r\n\(body)")
        _ = try server.send("PUT /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n\(body)")
        for id in [1, 2] {
            let recorded = try #require(try server.adminJSON("/__admin/requests/\(id)").object("request")?.object("body"))
            #expect(recorded.int("size") == 5000)
            #expect(recorded["inline"] as? Bool == false)
            #expect(recorded["preview"] as? Bool == true)
            #expect(recorded.string("text") == String(body.prefix(1024)))
            #expect(recorded.string("sha256") == EchoFixtures.sha256(Array(body.utf8)))
        }
        let download = try server.admin("/__admin/requests/1/body")
        #expect(download.status == 404)
        #expect(download.json?.object("error")?.string("code") == "bodyNotKept")
    }

    @Test func routesOtherThanTheEchoAreDecodedWhenRead() throws {
        let server = InProcessServer()
        let body = "a=1&b[]=2&b[x]=3"
        _ = try server.send(
            "POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let entry = try server.lastEntry()
        let decoded = try #require(entry.object("request")?.object("decoded"))
        #expect(decoded.object("form")?.string("a") == "1")
        #expect(entry.int("status") == 404)
        #expect(entry.object("request")?.object("body")?.string("kind") == "urlencoded")
    }
}

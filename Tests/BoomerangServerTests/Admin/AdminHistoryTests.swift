import BoomerangTesting
import Foundation
import Testing

/// The history endpoints in process: list, filters, paging, one entry, last, clear, sessions.
@Suite struct AdminHistoryTests {
    @Test func everyExchangeIsListedNewestFirstWithTheDocumentedSummary() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get?a=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}")
        _ = try server.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        let list = try server.adminJSON("/__admin/requests")
        #expect(list.int("total") == 3)
        #expect(list.int("newestId") == 3)
        let requests = list["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0.int("id") } == [3, 2, 1])
        #expect(requests.map { $0.string("path") } == ["/nowhere", "/post", "/get"])
        #expect(requests.map { $0.int("status") } == [404, 200, 200])
        #expect(requests[1].string("route") == "echo.post")
        #expect(requests[0]["route"] is NSNull)
        #expect(requests[1].int("requestBodyBytes") == 7)
        #expect(requests[1].string("contentType") == "application/json")
        #expect(requests[2].string("session") == "default")
        #expect(requests[2].string("outcome") == "complete")
        #expect((requests[2].int("responseBytes") ?? 0) > 100)
        // The admin requests themselves are not recorded.
        #expect(try server.adminJSON("/__admin/requests").int("total") == 3)
    }

    @Test func filtersCombineAndPagingWalksTheMatches() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("DELETE /delete HTTP/1.1\r\nHost: x\r\nX-Trace: needle-42\r\n\r\n")
        _ = try server.send("GET /status-nope HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /s/ci/get HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
        #expect(try server.listed("?method=DELETE").map { $0.int("id") } == [2])
        #expect(try server.listed("?status=4xx").map { $0.int("id") } == [3])
        #expect(try server.listed("?status=200&path=/get").map { $0.int("id") } == [4, 1])
        #expect(try server.listed("?session=ci").map { $0.int("id") } == [4])
        #expect(try server.listed("?q=NEEDLE-42").map { $0.int("id") } == [2])
        #expect(try server.listed("?q=hello%20world").map { $0.int("id") } == [5])
        #expect(try server.listed("?outcome=complete&since=3").map { $0.int("id") } == [5, 4])
        let page = try server.adminJSON("/__admin/requests?limit=2&offset=1")
        #expect(page.int("total") == 5)
        #expect((page["requests"] as? [[String: Any]])?.map { $0.int("id") } == [4, 3])
    }

    /// An exchange is recorded under the client's `X-Request-ID` when it is 1 to 200 bytes of
    /// visible ASCII, on every route, so the client finds it by the id it sent; another gets the
    /// server's id, as the echo reports it.
    @Test func theEntryCarriesTheClientsRequestID() throws {
        let live = try LiveServer()
        let longest = String(repeating: "r", count: 200)
        let sent = ["client-id-42", "8a1f5c2e-9d4b-4e7a-b3c1-6f0e2d9a7b58", longest, String(repeating: "r", count: 201), "has space", "ünïcode"]
        var echoed: [String] = []
        for id in sent {
            let response = try live.send("GET /get HTTP/1.1\r\nHost: x\r\nX-Request-ID: \(id)\r\n\r\n")
            echoed.append(try #require(response.header("X-Request-Id")))
        }
        _ = try live.send("GET /status/201 HTTP/1.1\r\nHost: x\r\nx-request-id: status-route-7\r\n\r\n")
        _ = try live.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        let listed = try live.listed().reversed().map { $0.string("requestId") ?? "" }
        #expect(Array(listed.prefix(3)) == ["client-id-42", "8a1f5c2e-9d4b-4e7a-b3c1-6f0e2d9a7b58", longest])
        #expect(Array(listed.prefix(6)) == echoed, "the history and the echo report the same id")
        for index in 3..<6 { #expect(listed[index] != sent[index] && !listed[index].isEmpty) }
        #expect(listed[6] == "status-route-7")
        #expect(!listed[7].isEmpty && !sent.contains(listed[7]))
        #expect(try live.adminJSON("/__admin/requests/1").string("requestId") == "client-id-42")
        #expect(try live.listed("?q=status-route-7").map { $0.string("requestId") } == ["status-route-7"])
    }

    @Test(arguments: ["limit=-1", "limit=0", "limit=1001", "offset=-3", "since=x", "status=99", "status=6xx", "outcome=nope"])
    func badParametersAre400(_ query: String) throws {
        let server = InProcessServer()
        let response = try server.admin("/__admin/requests?\(query)")
        #expect(response.status == 400)
        #expect(response.json?.object("error")?.string("code") == "invalidParameter")
    }

    @Test func oneEntryInFullAndTheLastOne() throws {
        let server = InProcessServer()
        let body = "{\"name\":\"boomerang\",\"n\":[1,2]}"
        _ = try server.send(
            "POST /s/app-7/post?x=1&x=2 HTTP/1.1\r\nHost: example.test\r\nContent-Type: application/json\r\nX-Mixed-Case: v\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let entry = try server.adminJSON("/__admin/requests/1")
        #expect(entry.string("session") == "app-7")
        #expect(entry.string("target") == "/s/app-7/post?x=1&x=2")
        #expect(entry.string("path") == "/post")
        let request = try #require(entry.object("request"))
        #expect(request.string("query") == "x=1&x=2")
        #expect(request.string("version") == "HTTP/1.1")
        #expect(request.string("url") == "http://example.test/s/app-7/post?x=1&x=2")
        #expect((request["headers"] as? [[String]])?[2] == ["X-Mixed-Case", "v"])
        #expect(request.string("raw")?.hasPrefix("POST /s/app-7/post?x=1&x=2 HTTP/1.1\r\nHost: example.test\r\n") == true)
        let recordedBody = try #require(request.object("body"))
        #expect(recordedBody.string("text") == body)
        #expect(recordedBody.string("kind") == "json")
        #expect(recordedBody["inline"] as? Bool == true)
        #expect(recordedBody.string("sha256") == EchoFixtures.sha256(Array(body.utf8)))
        let decoded = try #require(request.object("decoded"))
        #expect(decoded.object("json")?.string("name") == "boomerang")
        #expect((decoded["query"] as? [[String]]) == [["x", "1"], ["x", "2"]])
        #expect(decoded.object("args")?["x"] as? [String] == ["1", "2"])
        let response = try #require(entry.object("response"))
        #expect(response.int("status") == 200)
        #expect(response.string("route") == "echo.post")
        #expect((response["headers"] as? [[String]])?.first == ["Content-Type", "application/json"])
        #expect(response.object("body")?.string("text")?.contains("\"boomerang\"") == true)
        #expect(entry["refusal"] is NSNull)
        #expect(try server.lastEntry().int("id") == 1)
        #expect(try server.lastEntry("?session=app-7").int("id") == 1)
        #expect(try server.admin("/__admin/requests/last?session=other").status == 404)
    }

    @Test func unknownAndMalformedIdsAre404And400() throws {
        let server = InProcessServer()
        let unknown = try server.admin("/__admin/requests/99")
        #expect(unknown.status == 404)
        #expect(unknown.json?.object("error")?.string("code") == "exchangeNotFound")
        #expect(try server.admin("/__admin/requests/abc").status == 400)
        #expect(try server.admin("/__admin/requests/-1").status == 400)
        #expect(try server.admin("/__admin/requests/count").status == 400)
    }

    @Test func clearingAllOrOneSession() throws {
        let server = InProcessServer()
        _ = try server.send("GET /s/a/get HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\nX-Boomerang-Session: b\r\n\r\n")
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let sessions = try server.adminJSON("/__admin/sessions")["sessions"] as? [[String: Any]] ?? []
        #expect(sessions.map { $0.string("name") } == ["a", "b", "default"])
        #expect(sessions.map { $0.int("count") } == [1, 1, 1])
        let cleared = try server.admin("DELETE", "/__admin/requests?session=a")
        #expect(cleared.json?.int("deleted") == 1)
        #expect(try server.listed().map { $0.string("session") } == ["default", "b"])
        #expect(try server.admin("DELETE", "/__admin/requests").json?.int("deleted") == 2)
        #expect(try server.listed().isEmpty)
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try server.listed().map { $0.int("id") } == [4])
    }

    @Test func theWebPageItselfIsNotRecorded() throws {
        let server = InProcessServer()
        _ = try server.send("GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n")
        _ = try server.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /ui/app.js HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /s/page-test/ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try server.listed().map { $0.string("route") } == ["page.index"])
        #expect(try server.listed().first?.string("session") == "page-test")
    }

    @Test func theHistoryCanBeTurnedOff() throws {
        let server = InProcessServer { $0.history = false }
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try server.admin("/__admin/requests")
        #expect(response.status == 404)
        #expect(response.json?.object("error")?.string("code") == "historyDisabled")
    }

    /// Robustness R03 (the ring evicts the oldest).
    @Test func theCountBoundHoldsOnAServer() throws {
        let server = InProcessServer { $0.maxHistoryEntryCount = 3 }
        for index in 0..<5 { _ = try server.send("GET /get?i=\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
        #expect(try server.listed().map { $0.string("target") } == ["/get?i=4", "/get?i=3", "/get?i=2"])
        #expect(try server.admin("/__admin/requests/1").status == 404)
    }
}

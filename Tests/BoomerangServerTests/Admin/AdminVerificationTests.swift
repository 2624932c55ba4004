import BoomerangTesting
import Foundation
import Testing

/// `POST /__admin/requests/count` and `/find`, as a CI test would call them.
@Suite struct AdminVerificationTests {
    func post(_ server: InProcessServer, _ path: String, _ json: String) throws -> (Int, [String: Any]) {
        let response = try server.fetch(
            "POST", path, headers: [("Host", server.authority), ("Content-Type", "application/json")], body: Array(json.utf8))
        return (response.status, response.json ?? [:])
    }

    @Test func countAndFindMatchWhatTheAppSent() throws {
        let server = InProcessServer()
        let form = "name=box&size=2"
        _ = try server.send(
            "POST /s/ci-1/post?source=app HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)")
        let json = #"{"id":7,"tags":["a"]}"#
        _ = try server.send(
            "PUT /s/ci-2/put HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)")
        _ = try server.send("GET /s/ci-1/get HTTP/1.1\r\nHost: x\r\n\r\n")
        let (status, count) = try post(
            server, "/__admin/requests/count",
            #"{"method": "POST", "urlPath": "/post", "queryParameters": {"source": {"equalTo": "app"}}, "bodyPatterns": [{"contains": "name=box"}]}"#)
        #expect(status == 200)
        #expect(count.int("count") == 1)
        let (_, scoped) = try post(server, "/__admin/requests/count?session=ci-1", "{}")
        #expect(scoped.int("count") == 2)
        let (_, found) = try post(server, "/__admin/requests/find", #"{"bodyPatterns": [{"equalToJson": {"tags": ["a"], "id": 7}}]}"#)
        let requests = found["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0.int("id") } == [2])
        #expect(requests.first?.string("session") == "ci-2")
        #expect(requests.first?.object("request")?.object("body")?.string("text") == json)
        let (_, none) = try post(server, "/__admin/requests/count", #"{"method": "DELETE"}"#)
        #expect(none.int("count") == 0)
        // Verification requests are not recorded.
        let (_, all) = try post(server, "/__admin/requests/count", "")
        #expect(all.int("count") == 3)
    }

    @Test func malformedPatternsAre400WithTheKeyAtFault() throws {
        let server = InProcessServer()
        let (status, body) = try post(server, "/__admin/requests/find", #"{"headers": {"Accept": {"equals": "x"}}}"#)
        #expect(status == 400)
        #expect(body.object("error")?.string("code") == "invalidRequestPattern")
        #expect(body.object("error")?.string("message") == "headers.Accept: unknown matcher \"equals\"")
        let (notJSON, error) = try post(server, "/__admin/requests/count", "{nope")
        #expect(notJSON == 400)
        #expect(error.object("error")?.int("offset") == 1)
        let (badSession, _) = try post(server, "/__admin/requests/count?session=a%20b", "{}")
        #expect(badSession == 400)
    }
}

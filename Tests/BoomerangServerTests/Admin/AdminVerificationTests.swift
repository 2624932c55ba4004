import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `POST /__admin/requests/count` and `/find`, as a CI test would call them.
@Suite struct AdminVerificationTests {
    func post(_ live: LiveServer, _ path: String, _ json: String) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: live.url(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }

    @Test func countAndFindMatchWhatTheAppSent() async throws {
        let live = try LiveServer()
        let form = "name=box&size=2"
        _ = try live.send(
            "POST /s/ci-1/post?source=app HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)")
        let json = #"{"id":7,"tags":["a"]}"#
        _ = try live.send(
            "PUT /s/ci-2/put HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)")
        _ = try live.send("GET /s/ci-1/get HTTP/1.1\r\nHost: x\r\n\r\n")
        let (status, count) = try await post(
            live, "/__admin/requests/count",
            #"{"method": "POST", "urlPath": "/post", "queryParameters": {"source": {"equalTo": "app"}}, "bodyPatterns": [{"contains": "name=box"}]}"#)
        #expect(status == 200)
        #expect(count.int("count") == 1)
        let (_, scoped) = try await post(live, "/__admin/requests/count?session=ci-1", "{}")
        #expect(scoped.int("count") == 2)
        let (_, found) = try await post(live, "/__admin/requests/find", #"{"bodyPatterns": [{"equalToJson": {"tags": ["a"], "id": 7}}]}"#)
        let requests = found["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0.int("id") } == [2])
        #expect(requests.first?.string("session") == "ci-2")
        #expect(requests.first?.object("request")?.object("body")?.string("text") == json)
        let (_, none) = try await post(live, "/__admin/requests/count", #"{"method": "DELETE"}"#)
        #expect(none.int("count") == 0)
        // Verification requests are not recorded.
        let (_, all) = try await post(live, "/__admin/requests/count", "")
        #expect(all.int("count") == 3)
    }

    @Test func malformedPatternsAre400WithTheKeyAtFault() async throws {
        let live = try LiveServer()
        let (status, body) = try await post(live, "/__admin/requests/find", #"{"headers": {"Accept": {"equals": "x"}}}"#)
        #expect(status == 400)
        #expect(body.object("error")?.string("code") == "invalidRequestPattern")
        #expect(body.object("error")?.string("message") == "headers.Accept: unknown matcher \"equals\"")
        let (notJSON, error) = try await post(live, "/__admin/requests/count", "{nope")
        #expect(notJSON == 400)
        #expect(error.object("error")?.int("offset") == 1)
        let (badSession, _) = try await post(live, "/__admin/requests/count?session=a%20b", "{}")
        #expect(badSession == 400)
    }
}

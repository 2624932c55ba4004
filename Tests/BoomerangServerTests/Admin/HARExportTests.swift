import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangHistory
@testable import BoomerangServer

/// `GET /__admin/requests.har` against the HAR 1.2 shape.
@Suite struct HARExportTests {
    @Test func theExportIsValidHAR12() throws {
        let server = InProcessServer()
        _ = try server.send("GET /get?a=1&b=two HTTP/1.1\r\nHost: x\r\nCookie: s=1; t=2\r\n\r\n")
        _ = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
        _ = try server.send(Array("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 2\r\n\r\n".utf8) + [0xFF, 0x00])
        _ = try server.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
        let response = try server.admin("/__admin/requests.har")
        #expect(response.status == 200)
        #expect(response.header("Content-Disposition") == "attachment; filename=\"boomerang.har\"")
        let document = try JSONSerialization.jsonObject(with: Data(response.body))
        #expect(HARValidator.problems(document) == [])
        let entries = ((document as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 5)
        let first = entries[0]
        let request = try #require(first.object("request"))
        #expect(request.string("url") == "http://x/get?a=1&b=two")
        #expect((request["queryString"] as? [[String: String]]) == [["name": "a", "value": "1"], ["name": "b", "value": "two"]])
        #expect((request["cookies"] as? [[String: String]])?.isEmpty == true, "the Cookie header is redacted")
        #expect(first.object("response")?.int("status") == 200)
        #expect(first.object("response")?.string("statusText") == "OK")
        #expect(entries[1].object("request")?.object("postData")?.string("text") == "hello")
        #expect(entries[4].object("response")?.int("status") == 400)
        #expect(entries[4].string("_outcome") == "refused")
        let scoped = try server.admin("/__admin/requests.har?method=POST")
        let posts = try JSONSerialization.jsonObject(with: Data(scoped.body))
        #expect(HARValidator.problems(posts) == [])
        #expect((((posts as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [Any])?.count == 2)
    }

    /// Names and values without the spaces around `=`, as RFC 6265 §5.2 and httpbin's `/cookies`
    /// read them (the export once kept `a ` and ` 1`).
    @Test func cookiesAreTrimmedAroundTheirEquals() {
        let full: StructuredObject = [
            "request": ["headers": [["Cookie", "a = 1; b=2;noequals"]]],
            "response": ["status": .int(200), "headers": [["Set-Cookie", "id = 42 ; Path=/; HttpOnly"]]],
        ]
        let entry = HARDocument.entry(full)
        let request = entry["request"]?["cookies"]?.arrayValue ?? []
        #expect(request.map { $0["name"]?.stringValue } == ["a", "b"])
        #expect(request.map { $0["value"]?.stringValue } == ["1", "2"])
        let response = entry["response"]?["cookies"]?.arrayValue ?? []
        #expect(response.map { $0["name"]?.stringValue } == ["id"])
        #expect(response.map { $0["value"]?.stringValue } == ["42"])
    }

    @Test func anHTTP10RequestHasAnHTTP11Response() throws {
        let live = try LiveServer()
        _ = try live.send("GET /get HTTP/1.0\r\n\r\n")
        let document = try JSONSerialization.jsonObject(with: Data(try live.admin("/__admin/requests.har").body))
        let entry = try #require((((document as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.first)
        #expect(entry.object("request")?.string("httpVersion") == "HTTP/1.0")
        #expect(entry.object("response")?.string("httpVersion") == "HTTP/1.1")
    }

    @Test func theValidatorCatchesMissingFields() throws {
        let broken: [String: Any] = [
            "log": ["version": "1.2", "creator": ["name": "x"], "entries": [["startedDateTime": "nope", "time": 1]]]
        ]
        let problems = HARValidator.problems(broken)
        #expect(problems.contains("log.creator.version is missing"))
        #expect(problems.contains("log.entries[0].startedDateTime is not an ISO 8601 date-time"))
        #expect(problems.contains("log.entries[0].request is missing"))
        #expect(problems.contains("log.entries[0].timings is missing"))
    }
}

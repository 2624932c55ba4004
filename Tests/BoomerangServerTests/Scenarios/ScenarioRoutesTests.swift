import BoomerangExchange
import BoomerangScenarios
import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

/// `/scenarios`, `/scenarios/{id}` and `/scenarios/{id}.json` over raw HTTP.
@Suite struct ScenarioRoutesTests {
    private func exchange(_ server: InProcessServer, _ request: String, head: Bool = false) throws -> TestResponse {
        let connection = server.connect()
        try connection.send(request)
        return try #require(try connection.readResponse(forHead: head))
    }

    @Test func catalogueIsJSONByDefault() throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /scenarios HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.json?["count"] as? Int == ScenarioCatalogue.standard.scenarios.count)
        let scenarios = try #require(response.json?["scenarios"] as? [[String: Any]])
        #expect(scenarios.first?["url"] as? String == ScenarioCatalogue.standard.scenarios.first?.path)
    }

    @Test(arguments: [
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true),
        ("text/html", true),
        ("application/json", false),
        ("*/*", false),
        ("text/html;q=0.5, application/json", false),
        ("text/html, application/json", false),
    ])
    func catalogueIsHTMLForBrowsers(accept: String, html: Bool) throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET /scenarios HTTP/1.1\r\nHost: x\r\nAccept: \(accept)\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == (html ? "text/html; charset=utf-8" : "application/json"))
        if html {
            #expect(response.text.hasPrefix("<!DOCTYPE html>"))
            #expect(response.text.contains("<a href=\"/scenarios/json-200-acceptable-valid\">"))
        }
    }

    @Test func everyScenarioURLServesItsResponse() throws {
        let server = InProcessServer()
        var wrong: [String] = []
        for scenario in ScenarioCatalogue.standard.scenarios {
            let isHead = scenario.method == .head
            let response = try exchange(server, "\(scenario.method.rawValue) \(scenario.path) HTTP/1.1\r\nHost: x\r\n\r\n", head: isHead)
            let bodyOK = response.body == scenario.receivedBody.bytes
            if response.status != scenario.status || response.header("Content-Type") != scenario.contentType || !bodyOK
                || response.header("Location") != scenario.extraHeaders["Location"]
            {
                wrong.append(scenario.id)
            }
        }
        #expect(wrong == [])
    }

    @Test func headServesHeadersOfAnyScenario() throws {
        let server = InProcessServer()
        let response = try exchange(server, "HEAD /scenarios/image-200-png-png HTTP/1.1\r\nHost: x\r\n\r\n", head: true)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.body == [])
    }

    @Test(arguments: ["/scenarios/json-404-acceptable-valid.json", "/scenarios/json-404-acceptable-valid?describe=1"])
    func describesAScenario(path: String) throws {
        let server = InProcessServer()
        let response = try exchange(server, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let json = try #require(response.json)
        #expect(json["id"] as? String == "json-404-acceptable-valid")
        #expect(json["status"] as? Int == 404)
        let expectations = try #require(json["expectations"] as? [String: [String: Any]])
        #expect((expectations["json"]?["object"] as? [String: Any])?["kind"] as? String == "json")
        #expect((expectations["json"]?["errors"] as? [[String: Any]])?.first?["code"] as? Int == -1011)
    }

    @Test func unknownScenarioIs404JSONAndOtherMethodsAre405() throws {
        let server = InProcessServer()
        let unknown = try exchange(server, "GET /scenarios/nope HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(unknown.status == 404)
        #expect(unknown.header("Content-Type") == "application/json")
        #expect((unknown.json?["error"] as? [String: Any])?["code"] as? String == "unknownScenario")
        let post = try exchange(server, "POST /scenarios/json-200-acceptable-valid HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD, OPTIONS")
    }
}

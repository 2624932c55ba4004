import BoomerangRuntime
import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

/// `/__admin/metrics` and `/__admin/openapi.json` on a live server, read by the tools their users
/// run: Prometheus's own parser, an OpenAPI validator and schemathesis (PyPI, in a virtual
/// environment cached under `.build/`).
@Suite struct OperationsRoutesLiveTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let venv = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: ".build/operations-venv").path

    static func check(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run("python3", [here.appending(path: "operations_check.py").path, "--venv", venv] + arguments)
    }

    /// Routes whose 5xx is the client's request (`/status/500`, `/unstable`), and routes that are
    /// slow or endless by design, are left out of the fuzzing.
    static let unfuzzed = "^/(status|unstable|delay|drip|sse|jsonl|infinite|chunked|websocket|__admin/events|download|manyBytes|payloads)"

    @Test func metricsParseWithPrometheusAndCountByRouteName() throws {
        let live = try LiveServer(threads: 2)
        for _ in 0..<3 { #expect(try live.fetch("/get?secret=1").status == 200) }
        #expect(try live.fetch("/status/418").status == 418)
        #expect(try live.fetch("/no/such/route/12345").status == 404)
        let output = try Self.check(["metrics", live.baseURL + "/__admin/metrics"])
        #expect(output.status == 0, "\(output.stderr)")
        let samples = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { sample in
                sample["name"] as? String == name && labels.allSatisfy { (sample["labels"] as? [String: String])?[$0.key] == $0.value }
            }.flatMap { ($0["value"] as? NSNumber)?.doubleValue }
        }
        #expect(value("boomerang_requests_total", ["route": "echo.get", "status": "200"]) == 3)
        #expect(value("boomerang_requests_total", ["route": "httpbin.status", "status": "418"]) == 1)
        #expect(value("boomerang_requests_total", ["route": "unmatched", "status": "404"]) == 1)
        #expect(value("boomerang_request_duration_seconds_count", ["route": "echo.get"]) == 3)
        #expect((value("boomerang_request_bytes_total") ?? 0) > 0)
        #expect((value("boomerang_response_bytes_total") ?? 0) > 0)
        #expect((value("boomerang_connections_total") ?? 0) >= 5)
        #expect((value("boomerang_connections_active") ?? 0) >= 1)
        #expect(value("boomerang_history_entries") == 5)
        #expect(value("boomerang_build_info", ["version": BoomerangVersion.current]) == 1)
        let labels = samples.compactMap { $0["labels"] as? [String: String] }.flatMap(\.values)
        #expect(!labels.contains { $0.contains("/") }, "a raw path became a label: \(labels)")
    }

    @Test func openAPIDocumentValidatesAndListsEveryRoute() throws {
        let live = try LiveServer()
        let output = try Self.check(["openapi", live.baseURL + "/__admin/openapi.json"])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try #require(output.json)
        #expect((summary["operations"] as? Int ?? 0) > 80)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(try live.fetch("/__admin/openapi.json").body)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths["/status/{codes}"] != nil)
        #expect(paths["/anything/{path}"] != nil)
        #expect(paths["/__admin/openapi.json"] != nil)
        let redirect = try #require((paths["/redirect/{n}"] as? [String: Any])?["get"] as? [String: Any])
        let parameter = try #require((redirect["parameters"] as? [[String: Any]])?.first)
        #expect(parameter["name"] as? String == "n")
        #expect(parameter["in"] as? String == "path")
        #expect(redirect["operationId"] as? String == "httpbin.redirect.get")
    }

    @Test func openAPIDocumentListsTheMockMappingsInForce() throws {
        let folder = try MappingFolder([
            "users.yaml": """
                mappings:
                  - name: user
                    request: { method: GET, urlPathTemplate: "/api/users/{id}" }
                    response: { status: 200, jsonBody: { id: 1 } }
                  - name: by-regex
                    request: { urlPathPattern: "/api/x/.*" }
                    response: { status: 204 }
                """
        ])
        let live = try folder.serve()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(try live.fetch("/__admin/openapi.json").body)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let user = try #require((paths["/api/users/{id}"] as? [String: Any])?["get"] as? [String: Any])
        #expect(user["operationId"] as? String == "mock.user.get")
        #expect((user["summary"] as? String)?.contains("users.yaml") == true)
        #expect(!paths.keys.contains { $0.hasPrefix("/api/x") })
        let output = try Self.check(["openapi", live.baseURL + "/__admin/openapi.json"])
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test func aMappingDecidedByTheBodyCountsUnderTheRouteThatAnswered() throws {
        let folder = try MappingFolder([
            "body.yaml": """
                request: { method: POST, urlPath: /post, bodyPatterns: [{ contains: mock-me }] }
                response: { status: 201, body: mocked }
                name: body-mock
                """
        ])
        let live = try folder.serve { $0.history = false }
        #expect(try live.call("POST", "/post", body: "please mock-me").status == 201)
        #expect(try live.call("POST", "/post", body: "echo me").status == 200)
        let output = try Self.check(["metrics", live.baseURL + "/__admin/metrics"])
        let text = String(decoding: output.stdout, as: UTF8.self)
        #expect(text.contains(#""labels": {"route": "mock.body-mock", "status": "201"}, "value": 1}"#), "\(text)")
        #expect(text.contains(#""labels": {"route": "echo.post", "status": "200"}, "value": 1}"#), "\(text)")
    }

    @Test func schemathesisFindsNoServerError() throws {
        let live = try LiveServer(threads: 2)
        let output = try Self.check(["fuzz", live.baseURL + "/__admin/openapi.json", live.baseURL, "--exclude", Self.unfuzzed])
        let text = String(decoding: output.stdout, as: UTF8.self)
        #expect(output.status == 0, "\(text)\n\(output.stderr)")
        #expect(try live.fetch("/get").status == 200)
    }
}

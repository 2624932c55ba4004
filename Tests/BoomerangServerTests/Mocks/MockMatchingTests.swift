import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// Which mapping answers which request on a server server: priority, then specificity, each matcher,
/// and the requests that fall through to the built-in routes.
@Suite struct MockMatchingTests {
    static let mappings = """
        mappings:
          - { name: a-exact, request: { method: GET, urlPath: /t/items }, response: { body: a-exact } }
          - { name: b-regex, request: { urlPathPattern: "/t/.*" }, response: { body: b-regex } }
          - { name: c-priority, priority: 1, request: { urlPathPattern: "/t/items/special.*" }, response: { body: c-priority } }
          - { name: d-template, request: { urlPathTemplate: "/t/users/{id}" }, response: { body: d-template } }
          - { name: e-url, request: { method: ANY, url: /t/users/me }, response: { body: e-url } }
          - name: f-query
            request: { method: GET, urlPath: /t/q, queryParameters: { x: { equalTo: "1" } } }
            response: { body: f-query }
          - { name: g-plain, request: { method: GET, urlPath: /t/q }, response: { body: g-plain } }
          - name: h-equal
            request: { urlPath: /t/h, headers: { X-Mode: { equalTo: fast, caseInsensitive: true } } }
            response: { body: h-equal }
          - { name: i-contains, request: { urlPath: /t/h, headers: { X-Mode: { contains: slo } } }, response: { body: i-contains } }
          - name: j-matches
            request: { urlPath: /t/h, headers: { X-Mode: { matches: "m[0-9]+" } } }
            response: { body: j-matches }
          - { name: k-absent, request: { urlPath: /t/h, headers: { X-Mode: { absent: true } } }, response: { body: k-absent } }
          - name: l-json-order
            request:
              method: POST
              urlPath: /t/body
              bodyPatterns: [{ equalToJson: { a: 1, b: [1, 2] }, ignoreArrayOrder: true }]
            response: { body: l-json-order }
          - name: m-json-extra
            request: { method: POST, urlPath: /t/body, bodyPatterns: [{ equalToJson: '{"a": 1}', ignoreExtraElements: true }] }
            response: { body: m-json-extra }
          - { name: n-contains, request: { method: POST, urlPath: /t/body, bodyPatterns: [{ contains: hello }] }, response: { body: n-contains } }
          - { name: o-matches, request: { method: POST, urlPath: /t/body, bodyPatterns: [{ matches: "[0-9]+" }] }, response: { body: o-matches } }
          - name: p-multipart
            request: { method: POST, urlPath: /t/body, bodyPatterns: [{ hasMultipartPart: avatar }] }
            response: { body: p-multipart }
          - name: s-path-parameter
            request: { urlPathTemplate: "/t/pp/{id}", pathParameters: { id: { matches: "[0-9]+" } } }
            response: { body: s-path-parameter }
          - { name: r-delete, request: { method: DELETE, urlPath: /t/items }, response: { body: r-delete } }
          - { name: q-post, request: { method: POST, urlPath: /post, bodyPatterns: [{ contains: mock-me }] }, response: { body: q-post } }
        """

    struct Case: CustomTestStringConvertible, Sendable {
        var method: String
        var target: String
        var headers: [(String, String)] = []
        var body = ""
        /// The mapping whose body answers; nil for the built-in route.
        var winner: String?
        var testDescription: String { "\(method) \(target) \(headers.map { "\($0.0): \($0.1)" }) → \(winner ?? "built-in")" }
    }

    static let multipart =
        "--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--XyZ--\r\n"

    static let cases: [Case] = [
        Case(method: "GET", target: "/t/items", winner: "a-exact"),
        Case(method: "GET", target: "/t/other", winner: "b-regex"),
        Case(method: "GET", target: "/t/items/special1", winner: "c-priority"),
        Case(method: "GET", target: "/t/users/42", winner: "d-template"),
        Case(method: "GET", target: "/t/users/me", winner: "e-url"),
        Case(method: "DELETE", target: "/t/users/me", winner: "e-url"),
        Case(method: "GET", target: "/t/q?x=1", winner: "f-query"),
        Case(method: "GET", target: "/t/q?x=2", winner: "g-plain"),
        Case(method: "GET", target: "/t/h", headers: [("X-Mode", "FAST")], winner: "h-equal"),
        Case(method: "GET", target: "/t/h", headers: [("X-Mode", "slow")], winner: "i-contains"),
        Case(method: "GET", target: "/t/h", headers: [("X-Mode", "m42")], winner: "j-matches"),
        Case(method: "GET", target: "/t/h", winner: "k-absent"),
        Case(method: "GET", target: "/t/h", headers: [("X-Mode", "zzz")], winner: "b-regex"),
        Case(method: "POST", target: "/t/body", body: #"{"b": [2, 1], "a": 1}"#, winner: "l-json-order"),
        Case(method: "POST", target: "/t/body", body: #"{"a": 1.0, "z": true}"#, winner: "m-json-extra"),
        Case(method: "POST", target: "/t/body", body: "say hello", winner: "n-contains"),
        Case(method: "POST", target: "/t/body", body: "12345", winner: "o-matches"),
        Case(
            method: "POST", target: "/t/body", headers: [("Content-Type", "multipart/form-data; boundary=XyZ")], body: multipart,
            winner: "p-multipart"),
        Case(method: "POST", target: "/t/body", body: "nothing", winner: "b-regex"),
        Case(method: "DELETE", target: "/t/items", winner: "r-delete"),
        Case(method: "GET", target: "/t/pp/42", winner: "s-path-parameter"),
        Case(method: "GET", target: "/t/pp/abc", winner: "b-regex"),
        Case(method: "POST", target: "/post", body: "please mock-me", winner: "q-post"),
        Case(method: "POST", target: "/post", body: "echo me", winner: nil),
        Case(method: "GET", target: "/get?x=1", winner: nil),
    ]

    @Test(arguments: cases)
    func theExpectedMappingAnswers(_ testCase: Case) throws {
        let folder = try MappingFolder(["table.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.call(testCase.method, testCase.target, headers: testCase.headers, body: testCase.body)
        #expect(response.status == 200, "\(response.text)")
        if let winner = testCase.winner {
            #expect(response.text == winner)
        } else {
            let echo = try #require(response.json, "the built-in echo answers: \(response.text)")
            #expect(echo["url"] != nil)
            if !testCase.body.isEmpty { #expect(echo["data"] as? String == testCase.body, "the body reached the echo whole") }
        }
    }

    @Test func theHistoryNamesTheMappingThatAnswered() throws {
        let folder = try MappingFolder(["table.yaml": Self.mappings])
        let server = folder.serveInProcess()
        _ = try server.call("POST", "/post", body: "please mock-me")
        _ = try server.call("POST", "/post", body: "echo me")
        _ = try server.call("GET", "/t/users/7")
        let routes = try server.waitForEntries(3).compactMap { $0["route"] as? String }
        #expect(routes == ["mock.d-template", "echo.post", "mock.q-post"])
        let metrics = try server.admin("/__admin/metrics").text.split(separator: "\n").filter { $0.hasPrefix("boomerang_requests_total{") }
        for route in ["mock.d-template", "echo.post", "mock.q-post"] {
            #expect(metrics.contains { $0.contains("route=\"\(route)\"") && $0.hasSuffix(" 1") }, "\(route) in \(metrics)")
        }
    }

    @Test func aBodyLargerThanTheBufferedLimitMatchesNoBodyPatternAndReachesTheEcho() throws {
        let folder = try MappingFolder(["table.yaml": Self.mappings])
        let server = folder.serveInProcess { $0.maxBufferedBodyBytes = 1024 }
        let body = "mock-me " + String(repeating: "x", count: 4000)
        let response = try server.call("POST", "/post", body: body)
        #expect(response.status == 200)
        #expect(response.text != "q-post")
        #expect(response.json?["url"] != nil)
    }

    @Test func aGetMappingAnswersHeadWithoutItsBody() throws {
        let folder = try MappingFolder(["table.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.connect().request("HEAD", "/t/items")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "7")
        #expect(response.body.isEmpty)
    }

    @Test func theAdminAPIIsNeverMocked() throws {
        let folder = try MappingFolder(["all.yaml": "request: { urlPathPattern: '.*' }\nresponse: { body: mocked }\n"])
        let server = folder.serveInProcess()
        #expect(try server.call("GET", "/anything/x").text == "mocked")
        #expect(try server.admin("/__admin/mappings").status == 200)
        #expect(try server.mappingList()["meta"] != nil)
    }
}

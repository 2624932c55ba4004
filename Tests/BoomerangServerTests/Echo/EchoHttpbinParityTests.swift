import BoomerangTesting
import Foundation
import Testing

/// The echo where it used to differ from httpbin (issue 8, item 7).
@Suite struct EchoHttpbinParityTests {

    @Test func paramsReadPlusAsASpace() throws {
        let server = InProcessServer()
        let echo = try server.fetch("/get?a%5Bc%5D=x+y&b=1+%2B+1").json
        let params = echo?["params"] as? [String: Any]
        #expect((params?["a"] as? [String: Any])?["c"] as? String == "x y")
        #expect(params?["b"] as? String == "1 + 1")
        #expect((echo?["args"] as? [String: String])?["a[c]"] == "x y")
        let raw = echo?["query"] as? [[String]]
        #expect(raw?.first == ["a[c]", "x+y"])
        let form = try server.fetch("POST", "/post", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("k%5B%5D=a+b".utf8)
        ).json
        #expect((form?["formParams"] as? [String: Any])?["k"] as? [String] == ["a b"])
    }

    @Test(arguments: [("client-id-42", "client-id-42"), (String(repeating: "x", count: 200), String(repeating: "x", count: 200))])
    func aClientRequestIDIsKept(sent: String, kept: String) throws {
        let server = InProcessServer()
        let response = try server.fetch("/get", headers: [("X-Request-ID", sent)])
        #expect(response.header("X-Request-Id") == kept)
        #expect(response.json?["requestId"] as? String == kept)
    }

    @Test(arguments: [String(repeating: "x", count: 201), "has space", "tab\there", "ünïcode"])
    func anInvalidClientRequestIDIsReplaced(sent: String) throws {
        let server = InProcessServer()
        let response = try server.fetch("/get", headers: [("X-Request-ID", sent)])
        let id = try #require(response.header("X-Request-Id"))
        #expect(id != sent)
        #expect(response.json?["requestId"] as? String == id)
    }

    @Test func aMultipartBodyHasTheHashOfTheWholeBody() throws {
        let server = InProcessServer()
        let body = Array("--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nv\r\n--b--\r\n".utf8)
        let echo = try server.fetch("POST", "/post", headers: [("Content-Type", "multipart/form-data; boundary=b")], body: body
        ).json
        let summary = echo?["body"] as? [String: Any]
        #expect(summary?["sha256"] as? String == EchoFixtures.sha256(body))
        #expect((echo?["form"] as? [String: Any])?["f"] as? String == "v")
    }
}

import Foundation
import Testing

/// The echo where it used to differ from httpbin (issue 8, item 7).
@Suite struct EchoHttpbinParityTests {
    @Test func a300KilobyteCurlUploadIsInFilesByDefault() throws {
        let live = try LiveServer()
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-F", "field=value", "-F", "file=@\(file.path);type=application/octet-stream", live.baseURL + "/post"])
        #expect(EchoFixtures.checkMultipartEcho(output.json) == [], "\(output.stderr)")
        #expect(output.json?["diagnostics"] == nil)
    }

    @Test func aPartOverTheBufferedLimitIsStillCountedAndHashed() throws {
        let live = try LiveServer { $0.maxBufferedBodyBytes = 100 * 1024 }
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-F", "field=value", "-F", "file=@\(file.path);type=application/octet-stream", live.baseURL + "/post"])
        let echo = try #require(output.json)
        #expect((echo["files"] as? [String: Any])?["file"] == nil)
        let diagnostics = echo["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { $0["code"] as? String == "partsNotInline" })
        let parts = (echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        let part = try #require(parts.first { $0["name"] as? String == "file" })
        #expect(part["sha256"] as? String == EchoFixtures.sha256(EchoFixtures.binaryFile))
        #expect((part["size"] as? NSNumber)?.intValue == EchoFixtures.binaryFile.count)
    }

    @Test func paramsReadPlusAsASpace() throws {
        let live = try LiveServer()
        let echo = try RawConnection.fetch(live, "/get?a%5Bc%5D=x+y&b=1+%2B+1").json
        let params = echo?["params"] as? [String: Any]
        #expect((params?["a"] as? [String: Any])?["c"] as? String == "x y")
        #expect(params?["b"] as? String == "1 + 1")
        #expect((echo?["args"] as? [String: String])?["a[c]"] == "x y")
        let raw = echo?["query"] as? [[String]]
        #expect(raw?.first == ["a[c]", "x+y"])
        let form = try RawConnection.fetch(
            live, "POST", "/post", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("k%5B%5D=a+b".utf8)
        ).json
        #expect((form?["formParams"] as? [String: Any])?["k"] as? [String] == ["a b"])
    }

    @Test(arguments: [("client-id-42", "client-id-42"), (String(repeating: "x", count: 200), String(repeating: "x", count: 200))])
    func aClientRequestIDIsKept(sent: String, kept: String) throws {
        let live = try LiveServer()
        let response = try RawConnection.fetch(live, "/get", headers: [("X-Request-ID", sent)])
        #expect(response.header("X-Request-Id") == kept)
        #expect(response.json?["requestId"] as? String == kept)
    }

    @Test(arguments: [String(repeating: "x", count: 201), "has space", "tab\there", "ünïcode"])
    func anInvalidClientRequestIDIsReplaced(sent: String) throws {
        let live = try LiveServer()
        let response = try RawConnection.fetch(live, "/get", headers: [("X-Request-ID", sent)])
        let id = try #require(response.header("X-Request-Id"))
        #expect(id != sent)
        #expect(response.json?["requestId"] as? String == id)
    }

    @Test func aMultipartBodyHasTheHashOfTheWholeBody() throws {
        let live = try LiveServer()
        let body = Array("--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nv\r\n--b--\r\n".utf8)
        let echo = try RawConnection.fetch(
            live, "POST", "/post", headers: [("Content-Type", "multipart/form-data; boundary=b")], body: body
        ).json
        let summary = echo?["body"] as? [String: Any]
        #expect(summary?["sha256"] as? String == EchoFixtures.sha256(body))
        #expect((echo?["form"] as? [String: Any])?["f"] as? String == "v")
    }
}

import BoomerangTesting
import Foundation
import Testing

/// The echo reports exactly what curl sent.
@Suite struct EchoCurlTests {
    @Test func nestedQuery() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run("curl", ["-sS", "-g", live.baseURL + "/get?" + EchoFixtures.query])
        #expect(EchoFixtures.checkQueryEcho(output.json) == [], "\(output.stderr)")
    }

    @Test func urlencodedPost() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run(
            "curl", ["-sS", "--data-urlencode", "greeting=hello world & more", "--data-urlencode", "list[]=1", "--data-urlencode", "list[]=2", live.baseURL + "/post"])
        let echo = output.json
        let form = echo?["form"] as? [String: Any]
        #expect(form?["greeting"] as? String == "hello world & more")
        #expect(form?["list[]"] as? [String] == ["1", "2"])
        #expect((echo?["formParams"] as? [String: Any])?["list"] as? [String] == ["1", "2"])
        #expect(echo?["data"] as? String == "")
    }

    @Test func jsonPost() throws {
        let live = try LiveServer()
        let body = try TemporaryFile(name: "body.json", bytes: EchoFixtures.jsonBody)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-H", "Content-Type: application/json", "--data-binary", "@" + body.path, live.baseURL + "/post"])
        let echo = output.json
        let json = echo?["json"] as? [String: Any]
        #expect(json?["name"] as? String == "boomerang")
        #expect((json?["list"] as? [Any])?.count == 4)
        #expect(echo?["data"] as? String == String(decoding: EchoFixtures.jsonBody, as: UTF8.self))
        #expect(((echo?["body"] as? [String: Any])?["sha256"] as? String) == EchoFixtures.sha256(EchoFixtures.jsonBody))
    }

    @Test func propertyListPost() throws {
        let live = try LiveServer()
        let body = try TemporaryFile(name: "body.plist", bytes: EchoFixtures.plistBody)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-H", "Content-Type: application/x-plist", "--data-binary", "@" + body.path, live.baseURL + "/post"])
        let plist = output.json?["plist"] as? [String: Any]
        #expect(plist?["name"] as? String == "boomerang")
        #expect((plist?["count"] as? NSNumber)?.intValue == 3)
        #expect(plist?["items"] as? [String] == ["a", "b"])
    }

    @Test func multipartWithABinaryFile() throws {
        let live = try LiveServer { $0.maxInlinePartBytes = 1 << 20 }
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-F", "field=value", "-F", "file=@\(file.path);type=application/octet-stream", live.baseURL + "/post"])
        #expect(EchoFixtures.checkMultipartEcho(output.json) == [], "\(output.stderr)")
    }

    @Test func chunkedUploadOfAFile() throws {
        let live = try LiveServer()
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-T", file.path, "-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/octet-stream", live.baseURL + "/put"])
        let body = output.json?["body"] as? [String: Any]
        #expect((body?["size"] as? NSNumber)?.intValue == EchoFixtures.binaryFile.count)
        #expect(body?["sha256"] as? String == EchoFixtures.sha256(EchoFixtures.binaryFile))
        let headers = output.json?["headers"] as? [String: Any]
        #expect(headers?["Transfer-Encoding"] as? String == "chunked")
    }

    @Test func partsOverTheInlineLimitAreCountedAndHashedNotEchoed() throws {
        let live = try LiveServer { $0.maxInlinePartBytes = 64 * 1024 }
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-F", "field=value", "-F", "file=@\(file.path);type=application/octet-stream", live.baseURL + "/post"])
        let echo = try #require(output.json)
        #expect((echo["form"] as? [String: Any])?["field"] as? String == "value")
        #expect((echo["files"] as? [String: Any])?["file"] == nil)
        let parts = (echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        let part = try #require(parts.first { $0["name"] as? String == "file" })
        #expect((part["size"] as? NSNumber)?.intValue == EchoFixtures.binaryFile.count)
        #expect(part["sha256"] as? String == EchoFixtures.sha256(EchoFixtures.binaryFile))
        #expect(part["truncated"] as? Bool == true)
        let codes = (echo["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes == ["partsNotInline"])
    }
}

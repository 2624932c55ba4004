import BoomerangTesting
import Foundation
import Testing

/// Echo parity with httpbin for uploads sent by a real client (curl).
@Suite struct EchoHttpbinParityLiveTests {
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
}

import BoomerangSamples
import BoomerangTesting
import Crypto
import Foundation
import Testing

/// `boomerang send --dry-run` prints the bytes the request serializers produce; sent as they are
/// over a socket to a live server, the echo reports receiving exactly those bytes.
@Suite struct SendDryRunRoundTripTests {
    private static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    private struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var flags: [String]
        var items: [String]
        var contentType: String
        var testDescription: String { name }
    }

    private static let cases: [Case] = [
        Case(name: "form", flags: ["--form"], items: ["greeting=hello world & more", "list:=[1,2]", "nested:={\"k\":\"v\"}"],
             contentType: "application/x-www-form-urlencoded"),
        Case(name: "json", flags: ["--json"], items: ["name=boomerang", "list:=[1,2.5,true,null]", "path=a/b"],
             contentType: "application/json"),
        Case(name: "plist", flags: ["--plist"], items: ["name=boomerang", "count:=3", "items:=[\"a\",\"b\"]"],
             contentType: "application/x-plist"),
        Case(name: "multipart", flags: ["--multipart", "--boundary", "Boundary+0123456789ABCDEF"],
             items: ["field=value", "n:=7"], contentType: "multipart/form-data; boundary=Boundary+0123456789ABCDEF"),
    ]

    @Test(arguments: cases)
    private func dryRunBytesAreWhatTheServerReceives(_ testCase: Case) throws {
        let live = try LiveServer()
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileBytes = SplitMix64.bytes(128 * 1024 + 3, seed: 0x5E4D_D27)
        let filePath = directory.appending(path: "blob.bin").path
        try Data(fileBytes).write(to: URL(filePath: filePath))
        var items = testCase.items + ["Connection:close", "X-Trace:dry-run"]
        if testCase.name == "multipart" { items.append("file@\(filePath)") }

        let dryRun = try SendSupport.send(testCase.flags + ["--dry-run", "PUT", live.baseURL + "/anything?q=1"] + items)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        let written = try #require(SendSupport.split(dryRun.output))
        #expect(written.lines.first == "PUT /anything?q=1 HTTP/1.1")
        let writtenHeaders = written.lines.dropFirst().map { line -> [String] in
            let colon = line.firstIndex(of: ":")!
            return [String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)]
        }
        #expect(writtenHeaders.contains(["Content-Type", testCase.contentType]))
        #expect(writtenHeaders.contains(["Content-Length", String(written.body.count)]))

        let reply = try SendSupport.exchange(port: live.port, bytes: dryRun.output)
        let answer = try #require(SendSupport.split(reply))
        #expect(answer.lines.first == "HTTP/1.1 200 OK")
        let echo = try #require((try JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any])
        #expect(echo["method"] as? String == "PUT")
        #expect(echo["headersRaw"] as? [[String]] == writtenHeaders)
        let body = echo["body"] as? [String: Any]
        #expect((body?["size"] as? NSNumber)?.intValue == written.body.count)
        if testCase.name != "multipart" {
            // The echo hashes each multipart part, not the whole multipart body.
            #expect(body?["sha256"] as? String == Self.sha256(written.body))
        }

        switch testCase.name {
        case "form":
            let form = echo["form"] as? [String: Any]
            #expect(form?["greeting"] as? String == "hello world & more")
            #expect(form?["list[]"] as? [String] == ["1", "2"])
            #expect(form?["nested[k]"] as? String == "v")
        case "json":
            let json = echo["json"] as? [String: Any]
            #expect(json?["name"] as? String == "boomerang")
            #expect(json?["path"] as? String == "a/b")
        case "plist":
            let plist = echo["plist"] as? [String: Any]
            #expect(plist?["items"] as? [String] == ["a", "b"])
            #expect((plist?["count"] as? NSNumber)?.intValue == 3)
        default:
            let parts = (echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
            #expect(parts.map { $0["name"] as? String } == ["field", "n", "file"])
            #expect((echo["form"] as? [String: Any])?["field"] as? String == "value")
            #expect(parts.last?["filename"] as? String == "blob.bin")
            #expect((parts.last?["size"] as? NSNumber)?.intValue == fileBytes.count)
            #expect(parts.last?["sha256"] as? String == Self.sha256(fileBytes))
            let expectedStart = Array("--Boundary+0123456789ABCDEF\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n".utf8)
            #expect(written.body.starts(with: expectedStart))
            #expect(written.body.suffix(32) == Array("\r\n--Boundary+0123456789ABCDEF--\r\n".utf8).suffix(32))
        }
    }
}

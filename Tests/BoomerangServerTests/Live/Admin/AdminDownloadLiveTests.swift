import BoomerangTesting
import Foundation
import Testing

/// A multipart upload from curl, its body and each kept part downloaded with curl.
@Suite struct AdminDownloadLiveTests {
    func curl(_ live: LiveServer, _ path: String) throws -> (status: Int, headers: String, body: Data) {
        let headers = try TemporaryFile(name: "headers.txt", bytes: [])
        let output = try ExternalTool.run("curl", ["-sS", "-D", headers.path, "-w", "", live.baseURL + path])
        let text = try String(contentsOfFile: headers.path, encoding: .utf8)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, text, output.stdout)
    }

    @Test func theBodyAndEachKeptPartDownloadWithTheirTypesAndNames() throws {
        let live = try LiveServer { $0.maxInlinePartBytes = 1000 }
        let small = try TemporaryFile(name: "note.txt", bytes: Array("hello part".utf8))
        let large = try TemporaryFile(name: "big.bin", bytes: [UInt8](repeating: 7, count: 5000))
        let posted = try ExternalTool.run(
            "curl", ["-sS", "-F", "field=value", "-F", "note=@\(small.path);type=text/plain", "-F", "big=@\(large.path)", live.baseURL + "/post"])
        #expect(posted.status == 0)
        // The echo writes each kept part's content once, in form or files; the history shows
        // text parts' content in the part too.
        let echo = try #require(posted.json)
        #expect((echo["form"] as? [String: Any])?["field"] as? String == "value")
        #expect((echo["files"] as? [String: Any])?["note"] as? String == "hello part")
        let echoedParts = (echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(echoedParts.count == 3)
        #expect(echoedParts.allSatisfy { $0["text"] == nil })
        let recordedParts = try live.lastEntry().object("request")?.object("decoded")?.object("multipart")?["parts"] as? [[String: Any]] ?? []
        #expect(recordedParts.map { $0.string("text") } == ["value", "hello part", nil])
        let body = try curl(live, "/__admin/requests/1/body")
        #expect(body.status == 200)
        #expect(body.headers.lowercased().contains("content-type: multipart/form-data; boundary="))
        #expect(body.headers.contains("attachment; filename=\"request-1-body.multipart\""))
        #expect(String(decoding: body.body, as: UTF8.self).contains("hello part"))
        let field = try curl(live, "/__admin/requests/1/parts/0")
        #expect(String(decoding: field.body, as: UTF8.self) == "value")
        #expect(field.headers.contains("attachment; filename=\"part-0.bin\""))
        let note = try curl(live, "/__admin/requests/1/parts/1")
        #expect(String(decoding: note.body, as: UTF8.self) == "hello part")
        #expect(note.headers.lowercased().contains("content-type: text/plain"))
        #expect(note.headers.contains("attachment; filename=\"note.txt\""))
        let big = try live.admin("/__admin/requests/1/parts/2")
        #expect(big.status == 404)
        #expect(big.json?.object("error")?.string("code") == "partNotKept")
        let missing = try live.admin("/__admin/requests/1/parts/3")
        #expect(missing.status == 404)
        #expect(missing.json?.object("error")?.string("code") == "partNotFound")
        let parts = try live.lastEntry().object("request")?.object("decoded")?.object("multipart")?["parts"] as? [[String: Any]] ?? []
        #expect(parts.map { $0.string("name") } == ["field", "note", "big"])
        #expect(parts[2].string("sha256") == EchoFixtures.sha256([UInt8](repeating: 7, count: 5000)))
    }
}

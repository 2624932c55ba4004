import BoomerangSerialization
import Crypto
import Foundation
import Testing

@testable import BoomerangServer

@Suite struct InspectionRoutesTests {
    @Test func delayIsCappedByTheDelaySetting() throws {
        let live = try LiveServer { $0.maxResponseDelayMilliseconds = 300 }
        let connection = try RawConnection(port: live.port)
        let start = Date()
        let response = try connection.request("/delay/99999")
        let elapsed = Date().timeIntervalSince(start)
        #expect(response.status == 200)
        #expect(elapsed >= 0.25 && elapsed < 3, "\(elapsed)")
        let post = try connection.request("POST", "/delay/0.1", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("a=1".utf8))
        #expect((post.json?["form"] as? [String: Any])?["a"] as? String == "1")
    }

    @Test func headAnswersHeadOnly() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        let head = try connection.request("HEAD", "/head")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "application/json")
        #expect(try connection.request("/head").status == 405)
    }

    @Test func dumpRequestRepeatsTheRequest() throws {
        let live = try LiveServer()
        let head = "POST /dump/request?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Mixed-Case:Value\r\nx-dup:   1  \r\nx-dup: 2\r\nContent-Length: 5\r\n\r\n"
        let connection = try RawConnection(port: live.port)
        try connection.send(head + "hello")
        let response = try #require(try connection.readResponse())
        #expect(response.text == head + "hello")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func dumpRequestRebuildsAHeadParsedWithoutItsBytes() {
        let head = HTTPRequestHead(method: .get, target: "/a?b", headers: HTTPHeaders([("Host", "h"), ("x-Mixed", "v")]))
        #expect(RequestDumpResponder.head(head) == Array("GET /a?b HTTP/1.1\r\nHost: h\r\nx-Mixed: v\r\n\r\n".utf8))
    }

    @Test func hostnameAndVersion() throws {
        let live = try LiveServer()
        #expect(try RawConnection.fetch(live, "/hostname").json?["hostname"] as? String == "boomerang")
        let named = try LiveServer { $0.reportedHostname = "ci-box" }
        #expect(try RawConnection.fetch(named, "/hostname").json?["hostname"] as? String == "ci-box")
        let version = try RawConnection.fetch(live, "/version").json
        #expect(version?["service"] as? String == "boomerang")
        #expect(version?["version"] is String)
    }

    @Test func uploadCountsAndHashesWithoutEchoing() throws {
        let live = try LiveServer()
        let bytes = [UInt8]((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = try TemporaryFile(name: "upload.bin", bytes: bytes)
        let output = try ExternalTool.run("curl", ["-sS", "-T", file.path, "-H", "Transfer-Encoding: chunked", live.baseURL + "/upload?k=v"])
        let json = try #require(output.json, "\(output.stderr)")
        #expect((json["bytes_received"] as? NSNumber)?.intValue == bytes.count)
        #expect(json["sha256"] as? String == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
        #expect(json["method"] as? String == "PUT")
        #expect((json["args"] as? [String: Any])?["k"] as? String == "v")
        #expect(output.stdout.count < 4096)
    }

    @Test func ipAsText() throws {
        let live = try LiveServer()
        let text = try RawConnection.fetch(live, "/ip?format=text")
        #expect(text.text == "127.0.0.1\n")
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(try RawConnection.fetch(live, "/ip").json?["origin"] as? String == "127.0.0.1")
    }
}

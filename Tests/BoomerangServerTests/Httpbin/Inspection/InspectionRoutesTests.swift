import BoomerangSerialization
import BoomerangTesting
import Crypto
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangServer

@Suite struct InspectionRoutesTests {
    @Test func delayIsCappedByTheDelaySetting() throws {
        let server = InProcessServer { $0.maxResponseDelayMilliseconds = 300 }
        let connection = server.connect()
        let start = server.clock.now
        let response = try connection.request("/delay/99999")
        #expect(response.status == 200)
        #expect(server.clock.now - start == 300_000_000, "held back \(server.clock.now - start) ns")
        let post = try connection.request("POST", "/delay/0.1", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("a=1".utf8))
        #expect((post.json?["form"] as? [String: Any])?["a"] as? String == "1")
    }

    @Test func headAnswersHeadOnly() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let head = try connection.request("HEAD", "/head")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "application/json")
        #expect(try connection.request("/head").status == 405)
    }

    @Test func dumpRequestRepeatsTheRequest() throws {
        let server = InProcessServer()
        let head = "POST /dump/request?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Mixed-Case:Value\r\nx-dup:   1  \r\nx-dup: 2\r\nContent-Length: 5\r\n\r\n"
        let connection = server.connect()
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
        let server = InProcessServer()
        #expect(try server.fetch("/hostname").json?["hostname"] as? String == "boomerang")
        let named = InProcessServer { $0.reportedHostname = "ci-box" }
        #expect(try named.fetch("/hostname").json?["hostname"] as? String == "ci-box")
        let version = try server.fetch("/version").json
        #expect(version?["service"] as? String == "boomerang")
        #expect(version?["version"] is String)
    }

    @Test func ipAsText() throws {
        let server = InProcessServer()
        let text = try server.fetch("/ip?format=text")
        #expect(text.text == "127.0.0.1\n")
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(try server.fetch("/ip").json?["origin"] as? String == "127.0.0.1")
    }
}

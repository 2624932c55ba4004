import BoomerangTesting
import Foundation
import Testing

@Suite struct StatusRoutesTests {
    @Test(arguments: [
        (200, "Content-Type", "text/html; charset=utf-8"),
        (302, "Location", "/redirect/1"),
        (307, "Location", "/redirect/1"),
        (401, "WWW-Authenticate", #"Basic realm="Fake Realm""#),
        (407, "Proxy-Authenticate", #"Basic realm="Fake Realm""#),
        (406, "Content-Type", "application/json"),
    ])
    func specialCasesCarryTheirHeaders(status: Int, header: String, value: String) throws {
        let server = InProcessServer()
        let response = try server.fetch("/status/\(status)")
        #expect(response.status == status)
        #expect(response.header(header) == value)
    }

    @Test func teapotHasABodyAndNoContentType() throws {
        let server = InProcessServer()
        let response = try server.fetch("/status/418")
        #expect(response.status == 418)
        #expect(response.header("Content-Type") == nil)
        #expect(response.text.contains("coffee"))
    }

    @Test func everyMethodHttpbinAllows() throws {
        let server = InProcessServer()
        let connection = server.connect()
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            #expect(try connection.request(method, "/status/201").status == 201)
        }
    }

    @Test func weightedChoiceFollowsTheWeights() throws {
        let server = InProcessServer()
        let connection = server.connect()
        var seen: Set<Int> = []
        for _ in 0..<40 { seen.insert(try connection.request("/status/200:0,201:1,202:0").status) }
        #expect(seen == [201])
        for _ in 0..<60 { seen.insert(try connection.request("/status/203,204").status) }
        #expect(seen == [201, 203, 204])
    }

    @Test(arguments: ["abc", "99", "600", "200:x", "200:-1", "200:0", "1e9", String(repeating: "200,", count: 100) + "200"])
    func badCodesAre400AndTheServerGoesOn(codes: String) throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request("/status/\(codes)")
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidParameter")
        #expect(try connection.request("/get").status == 200)
    }

    @Test func unstableHonoursRateAndSeed() throws {
        let server = InProcessServer()
        let connection = server.connect()
        #expect(try connection.request("/unstable?failure_rate=1").status == 500)
        #expect(try connection.request("/unstable?failure_rate=0").status == 200)
        let first = try (0..<10).map { _ in try connection.request("/unstable?seed=42").status }
        let second = try (0..<10).map { _ in try connection.request("/unstable?seed=42").status }
        #expect(first == second)
        #expect(try connection.request("/unstable?failure_rate=2").status == 400)
        #expect(try connection.request("/unstable?seed=x").status == 400)
    }

    @Test func responseHeadersListsWhatItSends() throws {
        let server = InProcessServer()
        let response = try server.fetch("/response-headers?X-A=1&X-A=2&Y=z%20z")
        #expect(response.headers("X-A") == ["1", "2"])
        #expect(response.header("Y") == "z z")
        let json = try #require(response.json)
        #expect(json["X-A"] as? [String] == ["1", "2"])
        #expect(json["Content-Type"] as? String == "application/json")
        #expect(json["Content-Length"] as? String == String(response.body.count))
        let post = try server.fetch("POST", "/response-headers?Content-Type=text/plain")
        #expect(post.header("Content-Type") == "text/plain")
        #expect(post.headers("Content-Type").count == 1)
    }

    @Test(arguments: ["X-A=a%0D%0AInjected:%201", "X-A=a%0Ab", "Bad%20Name=1", "Content-Length=5", "Transfer-Encoding=chunked"])
    func responseHeadersRefusesWhatWouldBreakTheHead(query: String) throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request("/response-headers?\(query)")
        #expect(response.status == 400)
        #expect(response.header("Injected") == nil)
        #expect(try connection.request("/get").status == 200)
    }
}

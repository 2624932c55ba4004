@testable import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

/// `--profile firewalk`: Firewalk's status, redirect, upload and cache answers.
@Suite struct FirewalkProfileTests {
    static func firewalk() -> InProcessServer {
        InProcessServer { $0.profile = .firewalk }
    }

    @Test func statusCodesAsFirewalkAnswersThem() throws {
        let server = Self.firewalk()
        let ok = try server.fetch("/status/201")
        #expect(ok.status == 201)
        #expect(ok.json?["headers"] is [Any])
        let empty = try server.fetch("/status/204")
        #expect(empty.status == 204)
        #expect(empty.header("Content-Type") == nil)
        let moved = try server.connect().request("DELETE", "/status/301")
        #expect(moved.status == 301)
        #expect(moved.header("Location") == "http://localhost/delete")
        #expect(try server.fetch("/status/500").status == 500)
        #expect(try server.fetch("/status/99").status == 400)
        #expect(try server.fetch("/status/abc").status == 400)
    }

    @Test func redirectsAndAuthenticationAsFirewalkAnswersThem() throws {
        let server = Self.firewalk()
        let redirect = try server.fetch("/redirect/2")
        #expect(redirect.header("Location") == "http://localhost/redirect/1")
        #expect(try server.fetch("/redirect/1").header("Location") == "http://localhost/get")
        let to = try server.connect().request("POST", "/redirect-to?url=http://x.test/&statusCode=307")
        #expect(to.status == 307)
        #expect(to.header("Location") == "http://x.test/")
        let denied = try server.connect().request("PUT", "/basic-auth/user/pass")
        #expect(denied.status == 401)
        #expect(denied.header("WWW-Authenticate") == "Basic")
        let allowed = try server.fetch("/basic-auth/user/pass", headers: [("Authorization", "Basic dXNlcjpwYXNz")])
        #expect(allowed.status == 200)
        #expect(allowed.json?["headers"] is [Any])
        let hidden = try server.fetch("/hidden-basic-auth/user/pass")
        #expect(hidden.status == 401)
        #expect(hidden.header("WWW-Authenticate") == nil)
    }

    @Test func uploadIPImageStreamAndResponseHeaders() throws {
        let server = Self.firewalk()
        let upload = try server.connect().request("POST", "/upload", body: Array(repeating: 7, count: 1000))
        #expect(upload.json?["bytes"] as? Int == 1000)
        #expect(try server.fetch("/ip").json?["origin"] as? String == "127.0.0.1")
        let image = try server.fetch("/image/jpeg")
        #expect(image.header("Content-Type") == "image/jpeg")
        #expect(image.header("Content-Disposition") == #"attachment; filename="jpeg.jpeg""#)
        let stream = try server.fetch("/stream/3")
        let lines = stream.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(!stream.text.hasSuffix("\n"))
        let headers = try server.fetch("/response-headers?X-One=1&X-Two=2")
        #expect(headers.header("X-One") == "1")
        #expect(headers.json?["X-Two"] as? String == "2")
    }

    @Test func cacheDatesItsFirstAnswerInThePast() throws {
        let server = Self.firewalk()
        let first = try server.fetch("/cache?Cache-Control=public,max-age=60")
        #expect(first.status == 200)
        #expect(first.header("Cache-Control") == "public,max-age=60")
        #expect(first.headers.filter { $0.name == "Date" }.count == 1)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let date = try #require(first.header("Date").flatMap(formatter.date(from:)))
        #expect(date < Date().addingTimeInterval(-3))
        #expect(try server.fetch("/cache").status == 400)
    }

    @Test func httpbinShapesStayTheDefault() throws {
        let server = InProcessServer()
        let echo = try server.fetch("/get")
        #expect(echo.json?["headers"] is [String: Any])
    }
}

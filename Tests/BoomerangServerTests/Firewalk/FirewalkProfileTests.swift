@testable import BoomerangServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `--profile firewalk`: Firewalk's reply shapes, decoded as Alamofire's own tests decode them.
@Suite struct FirewalkProfileTests {
    /// Alamofire's `TestResponse` (Tests/TestHelpers.swift), field for field.
    struct TestResponse: Decodable {
        struct Header: Decodable, Equatable {
            let name: String
            let value: String
        }

        let headers: [Header]
        let origin: String
        let url: String
        let data: String?
        let form: [String: String]?
        let args: [String: String]
    }

    static func firewalk() throws -> LiveServer {
        try LiveServer { $0.profile = .firewalk }
    }

    static func send(_ live: LiveServer, _ method: String, _ path: String, body: Data? = nil, contentType: String? = nil)
        async throws -> (Data, HTTPURLResponse)
    {
        var request = URLRequest(url: live.url(path))
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.setValue("custom", forHTTPHeaderField: "X-Custom")
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    @Test func getDecodesAsAlamofiresTestResponse() async throws {
        let live = try Self.firewalk()
        let (data, response) = try await Self.send(live, "GET", "/get?foo=bar&a+b=c+d")
        #expect(response.statusCode == 200)
        let reply = try JSONDecoder().decode(TestResponse.self, from: data)
        #expect(reply.args == ["foo": "bar", "a b": "c d"])
        #expect(reply.headers.contains(TestResponse.Header(name: "X-Custom", value: "custom")))
        #expect(reply.data == nil)
        #expect(reply.form == nil)
        #expect(reply.url == "http://127.0.0.1:\(live.port)/get?foo=bar&a+b=c+d")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    }

    @Test func postFormAndJSONObjectsOfStringsAreFlatForms() async throws {
        let live = try Self.firewalk()
        let (formData, _) = try await Self.send(
            live, "POST", "/post", body: Data("a=1&b=two+words&a=3".utf8), contentType: "application/x-www-form-urlencoded")
        let form = try JSONDecoder().decode(TestResponse.self, from: formData)
        #expect(form.form == ["a": "3", "b": "two words"])
        #expect(form.data == "a=1&b=two+words&a=3")

        let (jsonData, _) = try await Self.send(live, "PUT", "/put", body: Data(#"{"property":"property"}"#.utf8), contentType: "application/json")
        let json = try JSONDecoder().decode(TestResponse.self, from: jsonData)
        #expect(json.form == ["property": "property"])
        #expect(json.data == #"{"property":"property"}"#)

        let (nested, _) = try await Self.send(live, "PATCH", "/patch", body: Data(#"{"n":1}"#.utf8), contentType: "application/json")
        #expect(try JSONDecoder().decode(TestResponse.self, from: nested).form == nil)
    }

    @Test func statusCodesAsFirewalkAnswersThem() async throws {
        let live = try Self.firewalk()
        let ok = try RawConnection.fetch(live, "/status/201")
        #expect(ok.status == 201)
        #expect(ok.json?["headers"] is [Any])
        let empty = try RawConnection.fetch(live, "/status/204")
        #expect(empty.status == 204)
        #expect(empty.header("Content-Type") == nil)
        let moved = try RawConnection(port: live.port).request("DELETE", "/status/301")
        #expect(moved.status == 301)
        #expect(moved.header("Location") == "http://localhost/delete")
        #expect(try RawConnection.fetch(live, "/status/500").status == 500)
        #expect(try RawConnection.fetch(live, "/status/99").status == 400)
        #expect(try RawConnection.fetch(live, "/status/abc").status == 400)
    }

    @Test func redirectsAndAuthenticationAsFirewalkAnswersThem() throws {
        let live = try Self.firewalk()
        let redirect = try RawConnection.fetch(live, "/redirect/2")
        #expect(redirect.header("Location") == "http://localhost/redirect/1")
        #expect(try RawConnection.fetch(live, "/redirect/1").header("Location") == "http://localhost/get")
        let to = try RawConnection(port: live.port).request("POST", "/redirect-to?url=http://x.test/&statusCode=307")
        #expect(to.status == 307)
        #expect(to.header("Location") == "http://x.test/")
        let denied = try RawConnection(port: live.port).request("PUT", "/basic-auth/user/pass")
        #expect(denied.status == 401)
        #expect(denied.header("WWW-Authenticate") == "Basic")
        let allowed = try RawConnection.fetch(live, "/basic-auth/user/pass", headers: [("Authorization", "Basic dXNlcjpwYXNz")])
        #expect(allowed.status == 200)
        #expect(allowed.json?["headers"] is [Any])
        let hidden = try RawConnection.fetch(live, "/hidden-basic-auth/user/pass")
        #expect(hidden.status == 401)
        #expect(hidden.header("WWW-Authenticate") == nil)
    }

    @Test func uploadIPImageStreamAndResponseHeaders() throws {
        let live = try Self.firewalk()
        let upload = try RawConnection(port: live.port).request("POST", "/upload", body: Array(repeating: 7, count: 1000))
        #expect(upload.json?["bytes"] as? Int == 1000)
        #expect(try RawConnection.fetch(live, "/ip").json?["origin"] as? String == "127.0.0.1")
        let image = try RawConnection.fetch(live, "/image/jpeg")
        #expect(image.header("Content-Type") == "image/jpeg")
        #expect(image.header("Content-Disposition") == #"attachment; filename="jpeg.jpeg""#)
        let stream = try RawConnection.fetch(live, "/stream/3")
        let lines = stream.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(!stream.text.hasSuffix("\n"))
        let headers = try RawConnection.fetch(live, "/response-headers?X-One=1&X-Two=2")
        #expect(headers.header("X-One") == "1")
        #expect(headers.json?["X-Two"] as? String == "2")
    }

    @Test func cacheDatesItsFirstAnswerInThePast() throws {
        let live = try Self.firewalk()
        let first = try RawConnection.fetch(live, "/cache?Cache-Control=public,max-age=60")
        #expect(first.status == 200)
        #expect(first.header("Cache-Control") == "public,max-age=60")
        #expect(first.headers.filter { $0.name == "Date" }.count == 1)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let date = try #require(first.header("Date").flatMap(formatter.date(from:)))
        #expect(date < Date().addingTimeInterval(-3))
        #expect(try RawConnection.fetch(live, "/cache").status == 400)
    }

    @Test func httpbinShapesStayTheDefault() throws {
        let live = try LiveServer()
        let echo = try RawConnection.fetch(live, "/get")
        #expect(echo.json?["headers"] is [String: Any])
    }
}

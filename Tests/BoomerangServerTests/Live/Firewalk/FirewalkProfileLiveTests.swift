@testable import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `--profile firewalk` for a real client: Firewalk's reply shapes from URLSession, decoded as
/// Alamofire's own tests decode them.
@Suite struct FirewalkProfileLiveTests {
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
}

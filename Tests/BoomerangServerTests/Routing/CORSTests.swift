import Foundation
import Testing

/// httpbin's CORS fields on every answer but the admin API's and the page's.
@Suite struct CORSTests {
    /// The response head curl prints for `arguments`, as (name in lower case, value) pairs.
    static func curlHead(_ arguments: [String]) throws -> (status: Int, headers: [(String, String)]) {
        let output = try ExternalTool.run("curl", ["-sS", "-o", "/dev/null", "-D", "-"] + arguments)
        let lines = String(decoding: output.stdout, as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    static func value(_ name: String, _ headers: [(String, String)]) -> String? {
        headers.first { $0.0 == name }?.1
    }

    @Test func aPreflightIsAnsweredAsHttpbinDoes() throws {
        let live = try LiveServer()
        let (status, headers) = try Self.curlHead([
            "-X", "OPTIONS", "-H", "Origin: http://app.test", "-H", "Access-Control-Request-Method: PUT",
            "-H", "Access-Control-Request-Headers: X-Foo, Content-Type", live.baseURL + "/put",
        ])
        #expect(status == 200)
        #expect(Self.value("access-control-allow-origin", headers) == "http://app.test")
        #expect(Self.value("access-control-allow-credentials", headers) == "true")
        #expect(Self.value("access-control-allow-methods", headers) == "GET, POST, PUT, DELETE, PATCH, OPTIONS")
        #expect(Self.value("access-control-max-age", headers) == "3600")
        #expect(Self.value("access-control-allow-headers", headers) == "X-Foo, Content-Type")
    }

    @Test func everyAnswerErrorsIncludedAllowsTheOrigin() throws {
        let live = try LiveServer()
        let echo = try Self.curlHead(["-H", "Origin: http://app.test", live.baseURL + "/get"])
        #expect(Self.value("access-control-allow-origin", echo.headers) == "http://app.test")
        #expect(Self.value("access-control-allow-methods", echo.headers) == nil)
        let missing = try Self.curlHead([live.baseURL + "/no/such/route"])
        #expect(missing.status == 404)
        #expect(Self.value("access-control-allow-origin", missing.headers) == "*")
        let refused = try Self.curlHead(["-H", "Origin: http://app.test", live.baseURL + "/status/abc"])
        #expect(refused.status == 400)
        #expect(Self.value("access-control-allow-origin", refused.headers) == "http://app.test")
    }

    @Test func theAdminAPIGetsNone() throws {
        let live = try LiveServer { $0.history = true }
        let admin = try Self.curlHead(["-H", "Origin: http://evil.test", live.baseURL + "/__admin/requests"])
        #expect(admin.status != 0)
        #expect(Self.value("access-control-allow-origin", admin.headers) == nil)
    }
}

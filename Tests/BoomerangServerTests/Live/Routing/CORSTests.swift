import BoomerangServer
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// The CORS fields of every answer but the admin API's and the page's, in each `cors` mode, as
/// curl receives them.
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

    static func values(_ name: String, _ headers: [(String, String)]) -> [String] {
        headers.filter { $0.0 == name }.map(\.1)
    }

    /// The names of the CORS fields among `headers`.
    static func corsNames(_ headers: [(String, String)]) -> [String] {
        headers.map(\.0).filter { $0.hasPrefix("access-control-") }
    }

    static func preflight(_ live: LiveServer, origin: String, privateNetwork: Bool = false) throws -> (status: Int, headers: [(String, String)]) {
        var arguments = [
            "-X", "OPTIONS", "-H", "Origin: \(origin)", "-H", "Access-Control-Request-Method: PUT",
            "-H", "Access-Control-Request-Headers: X-Foo, Content-Type",
        ]
        if privateNetwork { arguments += ["-H", "Access-Control-Request-Private-Network: true"] }
        return try curlHead(arguments + [live.baseURL + "/put"])
    }

    // MARK: - cors: "*" (the default)

    @Test func byDefaultAnyOriginMayReadButNeverWithCredentials() throws {
        let live = try LiveServer()
        let echo = try Self.curlHead(["-H", "Origin: http://evil.test", "-H", "Cookie: session=other-app", live.baseURL + "/cookies"])
        #expect(echo.status == 200)
        #expect(Self.value("access-control-allow-origin", echo.headers) == "*")
        #expect(Self.value("access-control-allow-credentials", echo.headers) == nil)
        #expect(Self.value("access-control-allow-methods", echo.headers) == nil)
        #expect(!Self.values("vary", echo.headers).contains("Origin"))
        let missing = try Self.curlHead([live.baseURL + "/no/such/route"])
        #expect(missing.status == 404)
        #expect(Self.value("access-control-allow-origin", missing.headers) == "*")
        let refused = try Self.curlHead(["-H", "Origin: http://app.test", live.baseURL + "/status/abc"])
        #expect(refused.status == 400)
        #expect(Self.value("access-control-allow-origin", refused.headers) == "*")
        #expect(Self.value("access-control-allow-credentials", refused.headers) == nil)
    }

    @Test func byDefaultAPreflightIsAllowedWithoutCredentialsOrPrivateNetwork() throws {
        let live = try LiveServer()
        let (status, headers) = try Self.preflight(live, origin: "http://app.test", privateNetwork: true)
        #expect(status == 200)
        #expect(Self.value("access-control-allow-origin", headers) == "*")
        #expect(Self.value("access-control-allow-credentials", headers) == nil)
        #expect(Self.value("access-control-allow-methods", headers) == "GET, POST, PUT, DELETE, PATCH, OPTIONS")
        #expect(Self.value("access-control-max-age", headers) == "3600")
        #expect(Self.value("access-control-allow-headers", headers) == "X-Foo, Content-Type")
        #expect(Self.value("access-control-allow-private-network", headers) == nil)
    }

    // MARK: - cors: off

    @Test func offSendsNoCORSFieldsAndAPreflightStillGetsItsAnswer() throws {
        let live = try LiveServer { $0.cors = .off }
        let echo = try Self.curlHead(["-H", "Origin: http://app.test", live.baseURL + "/get"])
        #expect(echo.status == 200)
        #expect(Self.corsNames(echo.headers) == [])
        let (status, headers) = try Self.preflight(live, origin: "http://app.test", privateNetwork: true)
        #expect(status == 200)
        #expect(Self.value("allow", headers) != nil)
        #expect(Self.corsNames(headers) == [])
    }

    // MARK: - cors: listed origins

    @Test func aListedOriginIsReflectedWithCredentials() throws {
        let live = try LiveServer { $0.cors = .origins(["http://localhost:3000", "https://app.test"]) }
        let echo = try Self.curlHead(["-H", "Origin: http://localhost:3000", live.baseURL + "/get"])
        #expect(echo.status == 200)
        #expect(Self.value("access-control-allow-origin", echo.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-credentials", echo.headers) == "true")
        #expect(Self.values("vary", echo.headers).contains("Origin"))
        let other = try Self.curlHead(["-H", "Origin: https://app.test", live.baseURL + "/status/418"])
        #expect(other.status == 418)
        #expect(Self.value("access-control-allow-origin", other.headers) == "https://app.test")
    }

    @Test(arguments: ["http://evil.test", "http://localhost:3001", "null", "http://localhost:3000.evil.test"])
    func anUnlistedOriginGetsNoCORSFields(_ origin: String) throws {
        let live = try LiveServer { $0.cors = .origins(["http://localhost:3000"]) }
        let echo = try Self.curlHead(["-H", "Origin: \(origin)", live.baseURL + "/get"])
        #expect(echo.status == 200)
        #expect(Self.corsNames(echo.headers) == [])
        // A cache must not serve this answer to the listed origin, nor the reverse.
        #expect(Self.values("vary", echo.headers).contains("Origin"))
        let (status, headers) = try Self.preflight(live, origin: origin, privateNetwork: true)
        #expect(status == 200)
        #expect(Self.corsNames(headers) == [])
    }

    @Test func aRequestWithoutOriginGetsNoCORSFieldsWhenOriginsAreListed() throws {
        let live = try LiveServer { $0.cors = .origins(["http://localhost:3000"]) }
        let echo = try Self.curlHead([live.baseURL + "/get"])
        #expect(Self.corsNames(echo.headers) == [])
        #expect(Self.values("vary", echo.headers).contains("Origin"))
    }

    @Test func aListedOriginsPreflightAllowsThePrivateNetworkWhenAsked() throws {
        let live = try LiveServer { $0.cors = .origins(["http://localhost:3000"]) }
        let asked = try Self.preflight(live, origin: "http://localhost:3000", privateNetwork: true)
        #expect(asked.status == 200)
        #expect(Self.value("access-control-allow-origin", asked.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-credentials", asked.headers) == "true")
        #expect(Self.value("access-control-allow-methods", asked.headers) == "GET, POST, PUT, DELETE, PATCH, OPTIONS")
        #expect(Self.value("access-control-max-age", asked.headers) == "3600")
        #expect(Self.value("access-control-allow-headers", asked.headers) == "X-Foo, Content-Type")
        #expect(Self.value("access-control-allow-private-network", asked.headers) == "true")
        let plain = try Self.preflight(live, origin: "http://localhost:3000")
        #expect(Self.value("access-control-allow-origin", plain.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-private-network", plain.headers) == nil)
    }

    /// A compressed answer varies on both.
    @Test func originJoinsTheVaryOfACompressedAnswer() throws {
        let live = try LiveServer {
            $0.cors = .origins(["http://localhost:3000"])
            $0.compressResponses = true
        }
        let echo = try Self.curlHead(["-H", "Origin: http://localhost:3000", "-H", "Accept-Encoding: gzip", live.baseURL + "/get"])
        #expect(Self.value("content-encoding", echo.headers) == "gzip")
        let vary = Self.values("vary", echo.headers).joined(separator: ", ")
        #expect(vary.contains("Accept-Encoding"))
        #expect(vary.contains("Origin"))
        #expect(Self.value("access-control-allow-origin", echo.headers) == "http://localhost:3000")
    }

    // MARK: - Never on the admin API or the page

    @Test(arguments: [ServerSettings.CORS.anyOrigin, .off, .origins(["http://evil.test"])])
    func theAdminAPIAndThePageGetNone(_ cors: ServerSettings.CORS) throws {
        let page = try TemporaryFile(name: "index.html", bytes: Array("<!doctype html><title>page</title>".utf8))
        let live = try LiveServer {
            $0.history = true
            $0.cors = cors
            $0.publicDirectory = page.directory.path
        }
        for path in ["/__admin/requests", "/__admin/health", "/"] {
            let answer = try Self.curlHead(["-H", "Origin: http://evil.test", "-H", "Accept: text/html", live.baseURL + path])
            #expect(answer.status == 200, "\(path)")
            #expect(Self.corsNames(answer.headers) == [], "\(path)")
        }
        let preflight = try Self.curlHead([
            "-X", "OPTIONS", "-H", "Origin: http://evil.test", "-H", "Access-Control-Request-Method: DELETE", live.baseURL + "/__admin/requests",
        ])
        #expect(Self.corsNames(preflight.headers) == [])
    }
}

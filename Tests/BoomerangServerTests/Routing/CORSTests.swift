import BoomerangServer
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// The CORS fields of every answer but the admin API's and the page's, in each `cors` mode, in
/// process.
@Suite struct CORSTests {
    /// The status and response head of one request, as (name in lower case, value) pairs.
    static func answer(
        _ server: InProcessServer, _ method: String, _ target: String, _ headers: [(String, String)] = []
    ) throws -> (status: Int, headers: [(String, String)]) {
        let response = try server.fetch(method, target, headers: headers)
        return (response.status, response.headers.map { ($0.name.lowercased(), $0.value) })
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

    static func preflight(
        _ server: InProcessServer, origin: String, privateNetwork: Bool = false
    ) throws -> (status: Int, headers: [(String, String)]) {
        var headers = [
            ("Origin", origin), ("Access-Control-Request-Method", "PUT"), ("Access-Control-Request-Headers", "X-Foo, Content-Type"),
        ]
        if privateNetwork { headers.append(("Access-Control-Request-Private-Network", "true")) }
        return try answer(server, "OPTIONS", "/put", headers)
    }

    // MARK: - cors: "*" (the default)

    @Test func byDefaultAnyOriginMayReadButNeverWithCredentials() throws {
        let server = InProcessServer()
        let echo = try Self.answer(server, "GET", "/cookies", [("Origin", "http://evil.test"), ("Cookie", "session=other-app")])
        #expect(echo.status == 200)
        #expect(Self.value("access-control-allow-origin", echo.headers) == "*")
        #expect(Self.value("access-control-allow-credentials", echo.headers) == nil)
        #expect(Self.value("access-control-allow-methods", echo.headers) == nil)
        #expect(!Self.values("vary", echo.headers).contains("Origin"))
        let missing = try Self.answer(server, "GET", "/no/such/route")
        #expect(missing.status == 404)
        #expect(Self.value("access-control-allow-origin", missing.headers) == "*")
        let refused = try Self.answer(server, "GET", "/status/abc", [("Origin", "http://app.test")])
        #expect(refused.status == 400)
        #expect(Self.value("access-control-allow-origin", refused.headers) == "*")
        #expect(Self.value("access-control-allow-credentials", refused.headers) == nil)
    }

    @Test func byDefaultAPreflightIsAllowedWithoutCredentialsOrPrivateNetwork() throws {
        let server = InProcessServer()
        let (status, headers) = try Self.preflight(server, origin: "http://app.test", privateNetwork: true)
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
        let server = InProcessServer { $0.cors = .off }
        let echo = try Self.answer(server, "GET", "/get", [("Origin", "http://app.test")])
        #expect(echo.status == 200)
        #expect(Self.corsNames(echo.headers) == [])
        let (status, headers) = try Self.preflight(server, origin: "http://app.test", privateNetwork: true)
        #expect(status == 200)
        #expect(Self.value("allow", headers) != nil)
        #expect(Self.corsNames(headers) == [])
    }

    // MARK: - cors: listed origins

    @Test func aListedOriginIsReflectedWithCredentials() throws {
        let server = InProcessServer { $0.cors = .origins(["http://localhost:3000", "https://app.test"]) }
        let echo = try Self.answer(server, "GET", "/get", [("Origin", "http://localhost:3000")])
        #expect(echo.status == 200)
        #expect(Self.value("access-control-allow-origin", echo.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-credentials", echo.headers) == "true")
        #expect(Self.values("vary", echo.headers).contains("Origin"))
        let other = try Self.answer(server, "GET", "/status/418", [("Origin", "https://app.test")])
        #expect(other.status == 418)
        #expect(Self.value("access-control-allow-origin", other.headers) == "https://app.test")
    }

    @Test(arguments: ["http://evil.test", "http://localhost:3001", "null", "http://localhost:3000.evil.test"])
    func anUnlistedOriginGetsNoCORSFields(_ origin: String) throws {
        let server = InProcessServer { $0.cors = .origins(["http://localhost:3000"]) }
        let echo = try Self.answer(server, "GET", "/get", [("Origin", "\(origin)")])
        #expect(echo.status == 200)
        #expect(Self.corsNames(echo.headers) == [])
        // A cache must not serve this answer to the listed origin, nor the reverse.
        #expect(Self.values("vary", echo.headers).contains("Origin"))
        let (status, headers) = try Self.preflight(server, origin: origin, privateNetwork: true)
        #expect(status == 200)
        #expect(Self.corsNames(headers) == [])
    }

    @Test func aRequestWithoutOriginGetsNoCORSFieldsWhenOriginsAreListed() throws {
        let server = InProcessServer { $0.cors = .origins(["http://localhost:3000"]) }
        let echo = try Self.answer(server, "GET", "/get")
        #expect(Self.corsNames(echo.headers) == [])
        #expect(Self.values("vary", echo.headers).contains("Origin"))
    }

    @Test func aListedOriginsPreflightAllowsThePrivateNetworkWhenAsked() throws {
        let server = InProcessServer { $0.cors = .origins(["http://localhost:3000"]) }
        let asked = try Self.preflight(server, origin: "http://localhost:3000", privateNetwork: true)
        #expect(asked.status == 200)
        #expect(Self.value("access-control-allow-origin", asked.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-credentials", asked.headers) == "true")
        #expect(Self.value("access-control-allow-methods", asked.headers) == "GET, POST, PUT, DELETE, PATCH, OPTIONS")
        #expect(Self.value("access-control-max-age", asked.headers) == "3600")
        #expect(Self.value("access-control-allow-headers", asked.headers) == "X-Foo, Content-Type")
        #expect(Self.value("access-control-allow-private-network", asked.headers) == "true")
        let plain = try Self.preflight(server, origin: "http://localhost:3000")
        #expect(Self.value("access-control-allow-origin", plain.headers) == "http://localhost:3000")
        #expect(Self.value("access-control-allow-private-network", plain.headers) == nil)
    }

    /// A compressed answer varies on both.
    @Test func originJoinsTheVaryOfACompressedAnswer() throws {
        let server = InProcessServer {
            $0.cors = .origins(["http://localhost:3000"])
            $0.compressResponses = true
        }
        let echo = try Self.answer(server, "GET", "/get", [("Origin", "http://localhost:3000"), ("Accept-Encoding", "gzip")])
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
        let server = InProcessServer {
            $0.history = true
            $0.cors = cors
            $0.publicDirectory = page.directory.path
        }
        for path in ["/__admin/requests", "/__admin/health", "/"] {
            let answer = try Self.answer(server, "GET", path, [("Origin", "http://evil.test"), ("Accept", "text/html")])
            #expect(answer.status == 200, "\(path)")
            #expect(Self.corsNames(answer.headers) == [], "\(path)")
        }
        let preflight = try Self.answer(
            server, "OPTIONS", "/__admin/requests", [("Origin", "http://evil.test"), ("Access-Control-Request-Method", "DELETE")])
        #expect(Self.corsNames(preflight.headers) == [])
    }
}

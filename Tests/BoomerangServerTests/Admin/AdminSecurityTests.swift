import BoomerangSerialization
import Foundation
import Testing

@testable import BoomerangServer

/// DNS-rebinding defence and the admin token.
@Suite struct AdminSecurityTests {
    @Test(arguments: ["localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "127.1.2.3:65535", "[::1]", "[::1]:8080", "LOCALHOST"])
    func loopbackHostsAreAccepted(_ host: String) throws {
        #expect(AdminAccess.isLoopbackHostHeader(host))
    }

    @Test(arguments: ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "128.0.0.1", "[::2]", "", "localhost:x", "127.0.0.256"])
    func otherHostsAreNot(_ host: String) throws {
        #expect(!AdminAccess.isLoopbackHostHeader(host))
    }

    @Test func aLoopbackServerRefusesAdminRequestsForOtherNames() throws {
        let live = try LiveServer()
        let rebound = try live.send("GET /__admin/requests HTTP/1.1\r\nHost: evil.example:\(live.port)\r\n\r\n")
        #expect(rebound.status == 403)
        #expect(rebound.json?.object("error")?.string("code") == "adminHostRefused")
        #expect(try live.send("GET /__admin/requests HTTP/1.1\r\nHost: localhost:\(live.port)\r\n\r\n").status == 200)
        // The echo itself answers any Host.
        #expect(try live.send("GET /get HTTP/1.1\r\nHost: evil.example\r\n\r\n").status == 200)
    }

    @Test func aServerOnAllInterfacesLeavesTheHostToTheToken() throws {
        var settings = ServerSettings()
        settings.host = "0.0.0.0"
        let access = AdminAccess(settings: settings)
        #expect(!access.requiresLoopbackHost)
        #expect(throws: Never.self) { try access.check(HTTPRequestHead(method: .get, target: "/__admin/requests", headers: ["Host": "lan.example"])) }
    }

    @Test func theAdminTokenIsRequiredWhenSet() throws {
        let live = try LiveServer { $0.adminToken = "t0ken" }
        let missing = try live.admin("/__admin/requests")
        #expect(missing.status == 401)
        #expect(missing.header("WWW-Authenticate") == "Bearer realm=\"boomerang-admin\"")
        #expect(missing.json?.object("error")?.string("code") == "adminTokenRequired")
        #expect(try live.admin("/__admin/requests", headers: ["Authorization: Bearer wrong"]).status == 401)
        #expect(try live.admin("/__admin/requests", headers: ["Authorization: Bearer t0ken"]).status == 200)
        #expect(try live.admin("/__admin/requests", headers: ["Authorization: bearer t0ken"]).status == 200)
        #expect(try live.admin("/__admin/requests?token=t0ken").status == 200)
        #expect(try live.admin("/__admin/events?token=t0ke").status == 401)
        #expect(try live.admin("DELETE", "/__admin/requests").status == 401)
        // The token's own requests are not recorded; the echo still answers without one.
        #expect(try live.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }
}

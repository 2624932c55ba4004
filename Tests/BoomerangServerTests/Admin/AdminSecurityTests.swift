import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// DNS-rebinding defence (the admin `Host` rule, on every bind) and the admin token.
@Suite struct AdminSecurityTests {
    /// The `Host` values clients send where Boomerang runs, each allowed by default.
    @Test(arguments: [
        // Loopback: a laptop, `kubectl port-forward`, a GitHub Actions service mapped to the runner.
        "localhost", "localhost:8080", "LOCALHOST", "localhost.", "127.0.0.1", "127.0.0.1:1", "127.1.2.3:65535", "[::1]", "[::1]:8080",
        // Any IP address: `docker run -p`, a container or pod address, a Kubernetes probe.
        "10.0.0.5:8080", "172.18.0.2", "192.168.1.20:80", "0.0.0.0", "[fe80::1]", "[2001:db8::8a2e:370:7334]:443",
        "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:7:8]", "[1::]", "[::]", "[FE80::A]",
        // A name without a dot: a Compose service, a GitHub Actions service label, a GitLab alias, a Kubernetes Service.
        "boomerang", "boomerang:8080", "my_service-1", "BOOMERANG",
        // Special-use suffixes.
        "host.docker.internal", "host.docker.internal:8080", "boomerang.ci.svc.cluster.local:8080", "printer.local", "app.localhost:3000",
        "nas.home.arpa", "x.internal.", "home.arpa",
    ])
    func hostsThatNoWebPageCanRebindAreAllowed(_ host: String) {
        #expect(AdminHostPolicy(adminHosts: []).allows(host))
    }

    /// DNS names a stranger can register and point at the server, and values that are no host.
    @Test(arguments: [
        "evil.example", "evil.example:8080", "EVIL.example", "evil.example.", "127.0.0.1.evil.example", "localhost.evil.example",
        "local.evil.example", "internal.evil", "evillocal.com", "boomerang.svc", "boomerang.ci", "1.2.3", "127.0.0.256", "1.2.3.4.5",
        "", ":8080", "localhost:x", "localhost:123456", "boom erang", "evil%2eexample", "user@localhost", "bücher", "\u{212A}.local.evil",
        "bad\u{212A}", "ｌｏｃａｌｈｏｓｔ",
        "[::1", "[::1]x", "[evil.example]", "[1:2:3:4:5:6:7:8:9]", "[1::2::3]", "[:1]", "[1:]", "[12345::]", "[::1.2.3]", "[]",
    ])
    func otherHostsAreRefused(_ host: String) {
        #expect(!AdminHostPolicy(adminHosts: []).allows(host))
    }

    /// On a loopback bind only this machine connects: a name without a dot or under `.local`
    /// could be answered by a stranger on the network (mDNS, a DNS search domain) with 127.0.0.1.
    @Test(arguments: [
        ("localhost:8080", true), ("127.0.0.1", true), ("[::1]:8080", true), ("app.localhost", true), ("10.0.0.5", true),
        ("boomerang.example.test", true), ("boomerang", false), ("printer.local", false), ("host.docker.internal", false),
        ("nas.home.arpa", false), ("evil.example", false),
    ])
    func aLoopbackBindAllowsOnlyLoopbackNamesAddressesAndListedNames(_ host: String, allowed: Bool) {
        let policy = AdminHostPolicy(adminHosts: ["boomerang.example.test"], boundToLoopback: true)
        #expect(policy.allows(host) == allowed)
    }

    @Test(arguments: [
        ("boomerang.example.test", true), ("BOOMERANG.example.test:8080", true), ("boomerang.example.test.", true),
        ("other.example.test", false), ("corp.example", true), ("a.b.corp.example:1", true), ("evilcorp.example", false),
        ("corp.example.evil", false),
    ])
    func adminHostsAddNamesAndDomains(_ host: String, allowed: Bool) {
        let policy = AdminHostPolicy(adminHosts: ["boomerang.example.test", ".corp.example"])
        #expect(policy.allows(host) == allowed)
    }

    @Test func aStarInAdminHostsAllowsEveryHost() {
        let policy = AdminHostPolicy(adminHosts: ["*"])
        #expect(policy.allowsAnyHost)
        #expect(policy.allows("evil.example"))
        #expect(!AdminHostPolicy(adminHosts: ["evil.example"]).allowsAnyHost)
    }

    @Test(arguments: [("127.0.0.1", true), ("localhost", true), ("::1", true), ("127.9.9.9", true), ("0.0.0.0", false), ("::", false), ("10.0.0.1", false)])
    func loopbackListeningAddresses(_ address: String, loopback: Bool) {
        #expect(AdminHostPolicy.isLoopbackName(address) == loopback)
    }

    @Test func aLoopbackServerRefusesAdminRequestsForOtherNames() throws {
        let server = InProcessServer()
        let rebound = try server.send("GET /__admin/requests HTTP/1.1\r\nHost: evil.example:\(server.port)\r\n\r\n")
        #expect(rebound.status == 403)
        #expect(rebound.json?.object("error")?.string("code") == "adminHostRefused")
        #expect(try server.send("GET /__admin/requests HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n").status == 200)
        // The echo itself answers any Host.
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: evil.example\r\n\r\n").status == 200)
    }

    /// The container's bind: a page that rebinds its own domain to the server is refused, the
    /// names a CI job uses are not, and the page's static files stay open (its data does not).
    @Test func aServerOnAllInterfacesRefusesARebindingHostAndAnswersServiceNames() throws {
        let page = try TemporaryFile(name: "index.html", bytes: Array("<!doctype html><title>page</title>".utf8))
        let server = InProcessServer {
            $0.host = "0.0.0.0"
            $0.historyRedactHeaders = false
            $0.publicDirectory = page.directory.path
        }
        // Another client's request, whose credentials the history keeps.
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret\r\n\r\n").status == 200)
        _ = try server.waitForEntries(1)
        let targets = [
            "/__admin/requests", "/__admin/requests/last", "/__admin/requests/1", "/__admin/requests.har", "/__admin/events",
            "/__admin/sessions", "/__admin/mappings", "/__admin/metrics",
        ]
        for target in targets {
            let rebound = try server.send("GET \(target) HTTP/1.1\r\nHost: rebind.evil.example:\(server.port)\r\n\r\n")
            #expect(rebound.status == 403, "\(target)")
            let error = rebound.json?.object("error")
            #expect(error?.string("code") == "adminHostRefused", "\(target)")
            #expect(error?.string("message")?.contains("admin_hosts") == true)
            #expect(error?.string("value") == "rebind.evil.example:\(server.port)")
            #expect(!rebound.text.contains("s3cret"))
        }
        // Compose and Kubernetes service names, port-forwarded loopback, a container address.
        for host in ["boomerang:8080", "boomerang", "localhost:\(server.port)", "127.0.0.1:\(server.port)", "172.18.0.2:8080", "boomerang.ci.svc.cluster.local"] {
            let answer = try server.send("GET /__admin/requests/last HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(answer.status == 200, "\(host)")
            #expect(answer.text.contains("s3cret"), "\(host)")
        }
        // The page's files and the echo answer any Host; only the page's data is guarded.
        let index = try server.send("GET / HTTP/1.1\r\nHost: rebind.evil.example\r\nAccept: text/html\r\n\r\n")
        #expect(index.status == 200)
        #expect(index.text.contains("<title>page</title>"))
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: rebind.evil.example\r\n\r\n").status == 200)
        // Probes carry no token and may come by any name.
        #expect(try server.send("GET /__admin/health HTTP/1.1\r\nHost: rebind.evil.example\r\n\r\n").status == 200)
    }

    @Test func adminHostsAllowsMoreNamesOnARealServer() throws {
        let server = InProcessServer {
            $0.host = "0.0.0.0"
            $0.adminHosts = [".example.test"]
        }
        #expect(try server.send("GET /__admin/requests HTTP/1.1\r\nHost: boomerang.ci.example.test:8080\r\n\r\n").status == 200)
        #expect(try server.send("GET /__admin/requests HTTP/1.1\r\nHost: example.test\r\n\r\n").status == 200)
        #expect(try server.send("GET /__admin/requests HTTP/1.1\r\nHost: example.test.evil\r\n\r\n").status == 403)
        let open = InProcessServer { $0.adminHosts = ["*"] }
        #expect(try open.send("GET /__admin/requests HTTP/1.1\r\nHost: rebind.evil.example\r\n\r\n").status == 200)
    }

    @Test func theAdminTokenIsRequiredWhenSet() throws {
        let server = InProcessServer { $0.adminToken = "t0ken" }
        let missing = try server.admin("/__admin/requests")
        #expect(missing.status == 401)
        #expect(missing.header("WWW-Authenticate") == "Bearer realm=\"boomerang-admin\"")
        #expect(missing.json?.object("error")?.string("code") == "adminTokenRequired")
        #expect(try server.admin("/__admin/requests", headers: ["Authorization: Bearer wrong"]).status == 401)
        #expect(try server.admin("/__admin/requests", headers: ["Authorization: Bearer t0ken"]).status == 200)
        #expect(try server.admin("/__admin/requests", headers: ["Authorization: bearer t0ken"]).status == 200)
        #expect(try server.admin("/__admin/requests?token=t0ken").status == 200)
        #expect(try server.admin("/__admin/events?token=t0ke").status == 401)
        #expect(try server.admin("DELETE", "/__admin/requests").status == 401)
        // The token's own requests are not recorded; the echo still answers without one.
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        // The Host rule holds with a token too: a rebound page may have learnt it from nowhere, but
        // the rule does not depend on that.
        let rebound = try server.send("GET /__admin/requests?token=t0ken HTTP/1.1\r\nHost: evil.example\r\n\r\n")
        #expect(rebound.status == 403)
    }
}

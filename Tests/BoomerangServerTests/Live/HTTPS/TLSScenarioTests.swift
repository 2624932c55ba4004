import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// Each TLS scenario against real clients (curl, `openssl s_client`), by name on the HTTPS port
/// and on its own port, with the outcome the catalogue promises; and `GET /__admin/tls`.
@Suite struct TLSScenarioTests {
    /// One server for the suite: making the scenarios' certificates (RSA 4096 among them) takes
    /// seconds, once.
    static let server: HTTPSTests.SecureServer = {
        let server = try! HTTPSTests.SecureServer { $0.tlsScenarioPorts = .afterHTTPSPort }
        server.live.server.prepareTLSScenarios()
        return server
    }()

    /// `GET /__admin/tls` once every scenario's certificate is made (the suite's server makes
    /// them on a thread as it starts).
    static var listing: [String: Any] {
        get throws {
            for _ in 0..<600 {
                let listing = try #require(try server.curl("/__admin/tls").json)
                if (listing["pendingCertificates"] as? [String])?.isEmpty == true { return listing }
                usleep(100_000)
            }
            Issue.record("the scenarios' certificates were not made within a minute")
            return try #require(try server.curl("/__admin/tls").json)
        }
    }

    static func scenario(_ name: String) throws -> [String: Any] {
        let scenarios = try #require(try listing["scenarios"] as? [[String: Any]])
        return try #require(scenarios.first { $0["name"] as? String == name })
    }

    /// curl by name (`<scenario>.localhost` on the HTTPS port) and by the scenario's port.
    static func curlBoth(_ name: String, _ extra: [String] = []) throws -> (byName: ExternalTool.Output, byPort: ExternalTool.Output) {
        let entry = try scenario(name)
        let host = try #require(entry["host"] as? String)
        let port = try #require(entry["port"] as? Int)
        let byName = try server.curl("/get", host: host, extra)
        let byPort = try ExternalTool.run(
            "curl", ["-sS", "--max-time", "10", "--cacert", server.root] + extra + ["https://localhost:\(port)/get"])
        return (byName, byPort)
    }

    @Test(arguments: [
        ("valid", 0), ("expired", 60), ("not-yet-valid", 60), ("self-signed", 60), ("untrusted-root", 60),
        ("incomplete-chain", 60), ("sha1", 60), ("rsa-1024", 60), ("rsa-2048", 0), ("rsa-4096", 0), ("ecdsa-p256", 0),
        ("ecdsa-p384", 0), ("1000-sans", 0), ("pinning", 0),
    ])
    func certificateScenariosGiveCurlTheirOutcomeByNameAndByPort(name: String, status: Int32) throws {
        let (byName, byPort) = try Self.curlBoth(name)
        #expect(byName.status == status, "\(name) by name: \(byName.stderr)")
        #expect(byPort.status == status, "\(name) by port: \(byPort.stderr)")
        if status == 0 {
            let tls = try #require(byName.json?["tls"] as? [String: Any])
            #expect(tls["scenario"] as? String == name)
        }
    }

    @Test func theWrongHostIsRefusedAndItsChainIsOtherwiseValid() throws {
        let (byName, byPort) = try Self.curlBoth("wrong-host")
        #expect(byName.status == 60)
        #expect(byName.stderr.contains("wrong-host.localhost"), "\(byName.stderr)")
        #expect(byPort.status == 60)
        // Without the name check the chain verifies: only the name is wrong.
        let unchecked = try ExternalTool.run(
            "sh", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(Self.server.httpsPort) -servername wrong-host.localhost -CAfile \(Self.server.root) 2>&1"])
        #expect(String(decoding: unchecked.stdout, as: UTF8.self).contains("Verify return code: 0 (ok)"))
    }

    @Test func theCommonNameOnlyCertificateHasNoSubjectAlternativeName() throws {
        let entry = try Self.scenario("no-subject-alt-name")
        let chain = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(Self.server.live.port)/__admin/tls/scenarios/no-subject-alt-name.pem"])
        let text = try ExternalTool.run("openssl", ["x509", "-noout", "-text"], input: chain.stdout)
        let printed = String(decoding: text.stdout, as: UTF8.self)
        #expect(!printed.contains("Subject Alternative Name"))
        #expect(printed.contains("CN = no-subject-alt-name.localhost") || printed.contains("CN=no-subject-alt-name.localhost"))
        #expect(entry["outcome"] as? String == "refuse")
    }

    @Test func pinningTheValidLeafRefusesThePinningScenario() throws {
        let valid = try #require((try Self.scenario("valid")["leaf"] as? [String: Any])?["spkiSHA256"] as? String)
        let pinned = ["--pinnedpubkey", "sha256//\(valid)"]
        #expect(try Self.server.curl("/get", host: "valid.localhost", pinned).status == 0)
        // 90: the public key does not match the pin.
        #expect(try Self.server.curl("/get", host: "pinning.localhost", pinned).status == 90)
        #expect(try Self.server.curl("/get", host: "pinning.localhost").status == 0)
    }

    @Test func theIDNScenarioAnswersAtItsPunycodeName() throws {
        let output = try Self.server.curl("/get", host: "xn--bcher-kva.localhost")
        #expect(output.status == 0, "\(output.stderr)")
        #expect((output.json?["tls"] as? [String: Any])?["serverName"] as? String == "xn--bcher-kva.localhost")
    }

    @Test func versionScenariosServeExactlyTheirVersion() throws {
        let twelve = try Self.curlBoth("tls-1-2")
        #expect((twelve.byName.json?["tls"] as? [String: Any])?["version"] as? String == "TLSv1.2")
        #expect((twelve.byPort.json?["tls"] as? [String: Any])?["version"] as? String == "TLSv1.2")
        let thirteen = try Self.curlBoth("tls-1-3", ["--tls-max", "1.2"])
        #expect(thirteen.byName.status == 35)
        #expect(thirteen.byPort.status == 35)
        for (name, flag, version) in [("tls-1-1", "-tls1_1", "TLSv1.1"), ("tls-1-0", "-tls1", "TLSv1")] {
            // Refused by a client with default settings…
            #expect(try Self.curlBoth(name).byName.status == 35)
            // … and really served to one that lowers its security level.
            let port = try #require(try Self.scenario(name)["port"] as? Int)
            let legacy = try ExternalTool.run(
                "sh", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(port) \(flag) -cipher DEFAULT@SECLEVEL=0 -CAfile \(Self.server.root) 2>&1"])
            let text = String(decoding: legacy.stdout, as: UTF8.self)
            #expect(text.contains("Protocol  : \(version)") || text.contains("New, \(version),"), "\(name): \(text.suffix(600))")
        }
    }

    @Test func weakKeyExchangesAreServedOnlyToClientsThatAskForThem() throws {
        let staticRSA = try Self.curlBoth("static-rsa")
        #expect((staticRSA.byName.json?["tls"] as? [String: Any])?["cipher"] as? String == "TLS_RSA_WITH_AES_128_GCM_SHA256")
        for (name, cipher) in [("dh-1024", "DHE-RSA-AES128-GCM-SHA256"), ("null-cipher", "NULL-SHA256")] {
            #expect(try Self.curlBoth(name).byPort.status == 35, "\(name) refused by default")
            let port = try #require(try Self.scenario(name)["port"] as? Int)
            let asked = try ExternalTool.run(
                "sh", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(port) -tls1_2 -cipher '\(cipher):@SECLEVEL=0' -CAfile \(Self.server.root) 2>&1"])
            #expect(String(decoding: asked.stdout, as: UTF8.self).contains("Cipher is \(cipher)"), "\(name)")
        }
    }

    @Test func aRequiredClientCertificateMustComeFromTheClientCA() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-client-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let issued = try ExternalTool.run("curl", ["-sS", "-o", folder + "/client.pem", "http://127.0.0.1:\(Self.server.live.port)/__admin/tls/client-certificate.pem"])
        #expect(issued.status == 0)
        let without = try Self.curlBoth("client-certificate-required")
        #expect(without.byName.status != 0)
        let with = try Self.curlBoth("client-certificate-required", ["--cert", folder + "/client.pem"])
        #expect(with.byName.status == 0, "\(with.byName.stderr)")
        let certificate = try #require((with.byName.json?["tls"] as? [String: Any])?["clientCertificate"] as? [String: Any])
        #expect(certificate["subject"] as? String == "CN=Boomerang client,O=Boomerang")
        #expect(certificate["verified"] as? Bool == true)
        #expect((certificate["sha256"] as? String)?.count == 64)

        // A client certificate from another CA: refused where it is required, taken but not
        // verified where it is optional.
        let other = try ExternalTool.run(
            "openssl", [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "30", "-subj", "/CN=Other client",
                "-addext", "extendedKeyUsage=clientAuth", "-keyout", folder + "/other-key.pem", "-out", folder + "/other.pem",
            ])
        #expect(other.status == 0, "\(other.stderr)")
        let otherCertificate = ["--cert", folder + "/other.pem", "--key", folder + "/other-key.pem"]
        let refused = try Self.curlBoth("client-certificate-required", otherCertificate)
        #expect(refused.byName.status != 0)
        let causes = try Self.server.failedHandshakes().compactMap { $0["cause"] as? String }
        #expect(causes.contains("client_certificate_rejected"), "\(causes)")
        let unverified = try Self.curlBoth("client-certificate-optional", otherCertificate)
        let shown = try #require((unverified.byName.json?["tls"] as? [String: Any])?["clientCertificate"] as? [String: Any])
        #expect(shown["subject"] as? String == "CN=Other client")
        #expect(shown["verified"] as? Bool == false)

        let optional = try Self.curlBoth("client-certificate-optional")
        #expect(optional.byName.status == 0)
        #expect((optional.byName.json?["tls"] as? [String: Any])?["clientCertificate"] is NSNull)
        let presented = try Self.curlBoth("client-certificate-optional", ["--cert", folder + "/client.pem"])
        #expect(((presented.byPort.json?["tls"] as? [String: Any])?["clientCertificate"] as? [String: Any])?["verified"] as? Bool == true)
    }

    /// In TLS 1.3 a client's handshake is over before the server has checked its certificate,
    /// and it sends its request at once. The server's alert must still reach it: the connection
    /// lingers, reading and dropping, instead of closing on unread input (a reset, which the client
    /// meets on its next send before it reads the alert: Python's `SSLEOFError`, the JDK's
    /// "Connection reset").
    @Test func aClientThatSendsBeforeItsCertificateIsCheckedReadsTheAlert() throws {
        let server = try HTTPSTests.SecureServer { $0.tlsScenarioPorts = .afterHTTPSPort }
        let port = try #require(server.live.server.tlsScenarioPorts["client-certificate-required"])
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("tls_client.py").path
        let output = try ExternalTool.run("python3", [script, "late-alert", String(port), server.root])
        let result = try #require(output.json, "\(output.stderr)")
        #expect(result["version"] as? String == "TLSv1.3")
        #expect(result["reason"] as? String == "TLSV13_ALERT_CERTIFICATE_REQUIRED", "\(result)")
        let failures = try server.failedHandshakes()
        #expect(failures.count == 1)
        #expect(failures.first?["cause"] as? String == "no_client_certificate", "\(failures)")
    }

    /// A client that comes before a scenario's certificate is made (here nothing prepares them)
    /// waits for it without holding up the event loop: the handshake is suspended while the key
    /// is made on a thread of its own, and goes on when it is ready. On one loop, plain requests
    /// are answered one after another while the RSA 4096 key is made; a loop that made it would
    /// answer at most one of them (the one waiting as the key came) before that client's answer.
    @Test func aScenarioWhoseCertificateIsNotMadeYetIsServedOnceItIs() throws {
        let server = try HTTPSTests.SecureServer {
            $0.tlsScenarioPorts = .afterHTTPSPort
            $0.threads = 1
        }
        let port = try #require(server.live.server.tlsScenarioPorts["rsa-4096"])
        let slow = Process()
        slow.executableURL = URL(filePath: "/usr/bin/curl")
        slow.arguments = ["-sS", "--max-time", "60", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", server.root, "https://localhost:\(port)/get"]
        let slowOutput = Pipe()
        slow.standardOutput = slowOutput
        try slow.run()
        var answeredMeanwhile = 0
        while slow.isRunning {
            let plain = try ExternalTool.run("curl", ["-sS", "--max-time", "60", "-o", "/dev/null", "-w", "%{http_code}", server.live.baseURL + "/get"])
            if slow.isRunning && String(decoding: plain.stdout, as: UTF8.self) == "200" { answeredMeanwhile += 1 }
        }
        slow.waitUntilExit()
        #expect(String(decoding: slowOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "200")
        #expect(answeredMeanwhile >= 2, "plain requests answered while the key was made: \(answeredMeanwhile)")
        let again = try ExternalTool.run("curl", ["-sS", "--max-time", "10", "--cacert", server.root, "https://localhost:\(port)/get"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// Until the scenarios' certificates are made, the listing says which are pending and a chain's
    /// download asks the client to come back (503, Retry-After); once made, both have them.
    @Test func theListingAndDownloadsNeverWaitForAKey() throws {
        let server = try HTTPSTests.SecureServer { $0.tlsScenarioPorts = .afterHTTPSPort }
        let admin = "http://127.0.0.1:\(server.live.port)/__admin/tls"
        let first = try #require(try ExternalTool.run("curl", ["-sS", admin]).json)
        let pending = try #require(first["pendingCertificates"] as? [String])
        #expect(pending.contains("rsa-4096"), "\(pending)")
        let rsa = try #require((first["scenarios"] as? [[String: Any]])?.first { $0["name"] as? String == "rsa-4096" })
        #expect(rsa["leaf"] is NSNull)
        let download = try ExternalTool.run(
            "curl", ["-sS", "-D", "-", "-o", "/dev/null", "http://127.0.0.1:\(server.live.port)/__admin/tls/scenarios/rsa-4096.pem"])
        let head = String(decoding: download.stdout, as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 503") && head.contains("Retry-After: 1"), "\(head)")
        // The listing set them being made: they come.
        var listing = first
        for _ in 0..<600 where !(listing["pendingCertificates"] as? [String] ?? ["?"]).isEmpty {
            usleep(100_000)
            listing = try #require(try ExternalTool.run("curl", ["-sS", admin]).json)
        }
        #expect((listing["pendingCertificates"] as? [String])?.isEmpty == true)
        let made = try #require((listing["scenarios"] as? [[String: Any]])?.first { $0["name"] as? String == "rsa-4096" })
        #expect((made["leaf"] as? [String: Any])?["spkiSHA256"] is String)
        let chain = try ExternalTool.run("curl", ["-sS", "-f", "http://127.0.0.1:\(server.live.port)/__admin/tls/scenarios/rsa-4096.pem"])
        #expect(String(decoding: chain.stdout, as: UTF8.self).hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test func handshakeFaultsEndTheHandshakeAsListedAndTheHistorySaysWhy() throws {
        let failure = try Self.curlBoth("alert-handshake-failure")
        #expect(failure.byName.status == 35)
        #expect(failure.byName.stderr.contains("handshake failure"), "\(failure.byName.stderr)")
        let version = try Self.curlBoth("alert-protocol-version")
        #expect(version.byPort.status == 35)
        #expect(version.byPort.stderr.contains("protocol version"), "\(version.byPort.stderr)")
        let reset = try Self.curlBoth("reset-during-handshake")
        #expect(reset.byPort.status == 35 || reset.byPort.status == 56, "\(reset.byPort.stderr)")
        let stalled = try Self.server.curl("/get", host: "stall-during-handshake.localhost", ["--max-time", "1"])
        #expect(stalled.status == 28)
        let recorded = try Self.server.failedHandshakes().filter { $0["cause"] as? String == "scenario" }
        let scenarios = Set(recorded.compactMap { $0["scenario"] as? String })
        #expect(scenarios.isSuperset(of: ["alert-handshake-failure", "alert-protocol-version", "reset-during-handshake"]), "\(scenarios)")
    }

    @Test func theTruncatedResponseEndsWithoutCloseNotify() throws {
        let (byName, byPort) = try Self.curlBoth("truncated-response")
        // 18: the transfer closed with bytes remaining; 56: TLS ended without close_notify.
        #expect([18, 56].contains(byName.status), "\(byName.stderr)")
        #expect([18, 56].contains(byPort.status), "\(byPort.stderr)")
    }

    /// A session resumes with the name it was made with, and never into another scenario.
    @Test func sessionsDoNotCrossScenarios() throws {
        let result = try Self.server.python("cross-resume", "tls-1-3.localhost,ecdsa-p256.localhost")
        #expect(result["sameName"] as? Bool == true)
        #expect(result["otherName"] as? Bool == false)
        #expect(result["clientSawReuse"] as? Bool == false)
    }

    @Test func hstsOverHTTPSAndARedirectOverHTTP() throws {
        let secure = try Self.server.curl("/hsts", ["-i"])
        #expect(String(decoding: secure.stdout, as: UTF8.self).lowercased().contains("strict-transport-security: max-age=300"))
        let plain = try ExternalTool.run("curl", ["-sS", "-i", "http://localhost:\(Self.server.live.port)/hsts"])
        let text = String(decoding: plain.stdout, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 301"))
        #expect(text.contains("Location: https://localhost:\(Self.server.httpsPort)/hsts"))
    }

    /// docs/https.md's table gives each scenario's default port: the catalogue's order from 8444.
    @Test func theDocumentationListsEveryScenarioAtItsDefaultPort() throws {
        let text = try String(contentsOf: PageBrowserTests.repository.appending(path: "docs/https.md"), encoding: .utf8)
        let scenarios = try #require(try Self.listing["scenarios"] as? [[String: Any]])
        for (index, scenario) in scenarios.enumerated() {
            let name = try #require(scenario["name"] as? String)
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(name)`") || $0.contains(", `\(name)` |") }
            #expect(row?.contains("\(8444 + index)") == true, "\(name) at \(8444 + index) in docs/https.md")
        }
    }

    /// Python's requests on every scenario's port gets the outcome the listing promises (by port,
    /// the common-name-only certificate names no `localhost` either, so it is refused there too).
    @Test func pythonRequestsGetsEveryScenariosPromisedOutcome() throws {
        let listingFile = FileManager.default.temporaryDirectory.appending(path: "tls-listing-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: listingFile) }
        let scenarios = try #require(try Self.listing["scenarios"] as? [[String: Any]])
        try JSONSerialization.data(withJSONObject: ["scenarios": scenarios]).write(to: URL(filePath: listingFile))
        let outcomes = try Self.server.python("requests-catalogue", listingFile)
        for scenario in scenarios {
            let name = try #require(scenario["name"] as? String)
            let got = try #require(outcomes[name] as? [String: Any], "\(name)")
            #expect(got["outcome"] as? String == scenario["outcome"] as? String, "\(name): \(got)")
            if got["outcome"] as? String == "accept" { #expect(got["scenario"] as? String == name) }
        }
    }

    @Test func recordsOverTheLimitAndTheAdminHostRuleOverHTTPS() throws {
        // A record header announcing 18,433 bytes: over TLS's limit for a plaintext record (16,384 + 2,048).
        let client = try ByteClient(port: Self.server.httpsPort)
        try client.send(String(decoding: [0x16, 0x03, 0x01, 0x48, 0x01] + [UInt8](repeating: 0x41, count: 64), as: UTF8.self))
        let answer = client.readToEnd()
        #expect(answer.bytes.first == 0x15, "an alert: \(answer.bytes.prefix(8))")
        #expect(answer.ending == .closed)
        // The admin API's host rule holds over HTTPS: a page on another name cannot read the history.
        let rebinding = try Self.server.curl("/__admin/requests", ["-H", "Host: attacker.example", "-o", "/dev/null", "-w", "%{http_code}"])
        #expect(String(decoding: rebinding.stdout, as: UTF8.self) == "403")
    }

    /// Runs one scenario of `h2_client.py` on an HTTP/2 scenario's port, over TLS.
    static func h2(_ name: String, _ scenario: String, _ argument: String) throws -> [String: Any] {
        let port = try #require(try Self.scenario(name)["port"] as? Int)
        return try HTTP2Tests.client(port: port, tlsRoot: server.root, scenario, argument)
    }

    @Test(arguments: [
        ("h2-one-stream", "MAX_CONCURRENT_STREAMS", 1), ("h2-tiny-window", "INITIAL_WINDOW_SIZE", 1),
        ("h2-no-hpack-table", "HEADER_TABLE_SIZE", 0), ("valid", "MAX_CONCURRENT_STREAMS", 100),
    ])
    func anHTTP2ScenarioAnnouncesItsSettingsAndServes(name: String, setting: String, value: Int) throws {
        let result = try Self.h2(name, "get", "/get")
        #expect((result["settings"] as? [String: Int])?[setting] == value, "\(result)")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 200)
        let echo = try #require(stream["json"] as? [String: Any])
        #expect(echo["httpVersion"] as? String == "2")
        #expect((echo["tls"] as? [String: Any])?["scenario"] as? String == name)
        let edges = (echo["http2"] as? [String: Any])?["edges"]
        if name == "valid" {
            #expect(edges is NSNull, "\(echo)")
        } else {
            #expect(edges as? String == name, "\(echo)")
        }
    }

    /// Streams opened beyond the one allowed are refused (REFUSED_STREAM), for the client to
    /// retry; curl queues its requests and gets every answer.
    @Test func h2OneStreamRefusesStreamsBeyondTheFirst() throws {
        let result = try Self.h2("h2-one-stream", "multiplex", "/delay/1,/get")
        let streams = try #require(result["streams"] as? [String: [String: Any]])
        #expect(streams["1"]?["status"] as? Int == 200)
        #expect(streams["3"]?["reset"] as? Int == 0x7, "\(streams)")
        let port = try #require(try Self.scenario("h2-one-stream")["port"] as? Int)
        let urls = (0..<4).map { "https://localhost:\(port)/get?n=\($0)" }
        let curl = try ExternalTool.run(
            "curl", ["-sS", "--max-time", "10", "--http2", "--parallel", "--parallel-immediate", "--cacert", Self.server.root,
                     "-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{http_code} "] + urls)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(String(decoding: curl.stdout, as: UTF8.self) == "200 200 200 200 ")
    }

    /// Once the client has acknowledged the SETTINGS, nghttp2 takes a stream beyond the limit
    /// for a connection error: GOAWAY PROTOCOL_ERROR, and the first stream ends with it.
    @Test func h2OneStreamEndsTheConnectionOfAClientThatIgnoresItsAcknowledgedLimit() throws {
        let result = try Self.h2("h2-one-stream", "over-limit-acked", "/delay/1,/get")
        #expect(result["maxConcurrentStreams"] as? Int == 1)
        #expect((result["goaway"] as? [String: Any])?["code"] as? Int == 0x1, "\(result)")
    }

    @Test func h2TinyFramesSendsABodyAByteAFrame() throws {
        let result = try Self.h2("h2-tiny-frames", "get", "/bytes/300")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["bytes"] as? Int == 300)
        #expect(stream["dataFrames"] as? Int == 300)
    }

    @Test func h2TinyWindowTakesAnUploadAByteAtATime() throws {
        let port = try #require(try Self.scenario("h2-tiny-window")["port"] as? Int)
        let body = String(repeating: "0123456789", count: 300)
        let curl = try ExternalTool.run(
            "curl", ["-sS", "--max-time", "20", "--http2", "--cacert", Self.server.root, "-H", "Content-Type: text/plain",
                     "--data-binary", "@-", "https://localhost:\(port)/post"], input: Data(body.utf8))
        let echo = try #require(curl.json, "\(curl.stderr)")
        #expect(echo["data"] as? String == body)
        #expect(echo["httpVersion"] as? String == "2")
    }

    @Test func theListingHasEveryScenarioPinsAndDownloads() throws {
        let listing = try Self.listing
        let scenarios = try #require(listing["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 35)
        let ports = scenarios.compactMap { $0["port"] as? Int }
        #expect(Set(ports).count == scenarios.count)
        for scenario in scenarios {
            #expect(["accept", "refuse"].contains(scenario["outcome"] as? String))
            #expect(!((scenario["expectation"] as? String) ?? "").isEmpty)
            let pin = try #require((scenario["leaf"] as? [String: Any])?["spkiSHA256"] as? String, "\(scenario["name"] ?? "")")
            #expect(Data(base64Encoded: pin)?.count == 32)
        }
        let unavailable = try #require(listing["unavailable"] as? [[String: Any]])
        #expect(Set(unavailable.compactMap { $0["name"] as? String }).isSuperset(of: ["rc4", "3des", "sslv3"]))

        let root = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(Self.server.live.port)/__admin/tls/root.pem"])
        #expect(root.stdout == (try Data(contentsOf: URL(filePath: Self.server.root))))
        let rootPin = try #require((listing["root"] as? [String: Any])?["spkiSHA256"] as? String)
        let computed = try ExternalTool.run(
            "sh", ["-c", "openssl x509 -in \(Self.server.root) -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"])
        #expect(String(decoding: computed.stdout, as: UTF8.self).trimmingCharacters(in: .newlines) == rootPin)
        let p12 = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(Self.server.live.port)/__admin/tls/client-certificate.p12"])
        let read = try ExternalTool.run("openssl", ["pkcs12", "-nokeys", "-passin", "pass:boomerang", "-legacy"], input: p12.stdout)
        #expect(String(decoding: read.stdout, as: UTF8.self).contains("BEGIN CERTIFICATE"), "\(read.stderr)")
        let profile = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(Self.server.live.port)/__admin/tls/root.mobileconfig"])
        #expect(String(decoding: profile.stdout, as: UTF8.self).contains("com.apple.security.root"))
    }
}

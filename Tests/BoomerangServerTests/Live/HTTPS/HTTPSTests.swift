import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The HTTPS port with real clients: curl, Python's `ssl`, `openssl s_client`. Each test has its
/// own server and its own certificate authority in a temporary folder.
@Suite struct HTTPSTests {
    /// A server with TLS on a free port and a fresh CA.
    final class SecureServer: Sendable {
        let live: LiveServer
        let folder: String
        let httpsPort: Int

        init(configure: (inout ServerSettings) -> Void = { _ in }) throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-https-\(UUID().uuidString)").path
            let folder = folder
            live = try LiveServer { settings in
                settings.httpsPort = 0
                settings.tlsStateDirectory = folder
                settings.tlsScenarioPorts = .off
                configure(&settings)
            }
            httpsPort = try #require(live.httpsPort)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: folder)
        }

        var root: String { folder + "/root.pem" }

        /// curl against the HTTPS port, trusting the CA's root unless `trusting` is false.
        func curl(_ path: String, host: String = "localhost", trusting: Bool = true, _ extra: [String] = []) throws -> ExternalTool.Output {
            var arguments = ["-sS", "--max-time", "10"] + extra
            if trusting { arguments += ["--cacert", root] }
            if host != "localhost" && host != "127.0.0.1" { arguments += ["--resolve", "\(host):\(httpsPort):127.0.0.1"] }
            return try ExternalTool.run("curl", arguments + ["https://\(host):\(httpsPort)\(path)"])
        }

        /// The `handshake` objects of the history's failed handshakes, newest first.
        func failedHandshakes() throws -> [[String: Any]] {
            let list = try #require(try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests?limit=100"]).json)
            let summaries = try #require(list["requests"] as? [[String: Any]])
            return try summaries.filter { $0["outcome"] as? String == "handshakeFailed" }.map { summary in
                let id = try #require(summary["id"] as? Int)
                let entry = try #require(try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests/\(id)"]).json)
                return try #require(entry["handshake"] as? [String: Any])
            }
        }

        /// A scenario of tls_client.py, its JSON.
        func python(_ scenario: String, _ argument: String? = nil) throws -> [String: Any] {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("tls_client.py").path
            let output = try ExternalTool.run("python3", [script, scenario, String(httpsPort), root] + (argument.map { [$0] } ?? []))
            #expect(output.status == 0, "\(output.stderr)")
            return try #require(output.json, "\(output.stderr)")
        }
    }

    @Test func curlTrustingTheRootGetsTheEchoWithItsTLSFacts() throws {
        let server = try SecureServer()
        let output = try server.curl("/get?a=1")
        #expect(output.status == 0, "\(output.stderr)")
        let echo = try #require(output.json)
        #expect(echo["url"] as? String == "https://localhost:\(server.httpsPort)/get?a=1")
        // curl offers h2 first, and the HTTPS port takes it.
        #expect(echo["httpVersion"] as? String == "2")
        let tls = try #require(echo["tls"] as? [String: Any])
        #expect(tls["version"] as? String == "TLSv1.3")
        #expect(tls["alpn"] as? String == "h2")
        #expect(tls["serverName"] as? String == "localhost")
        #expect(tls["resumed"] as? Bool == false)
        #expect((tls["cipher"] as? String)?.hasPrefix("TLS_") == true)
        // curl offers h2 first, then http/1.1: "h2" in the fingerprint, and SNI ("d").
        #expect((tls["ja4"] as? String)?.hasPrefix("t13d") == true)
        #expect((tls["ja4"] as? String)?.dropFirst(8).hasPrefix("h2_") == true)
        #expect(tls["clientCertificate"] is NSNull)

        // The plain port is unchanged: no tls object, an http URL.
        let plain = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(server.live.port)/get"])
        let plainEcho = try #require(plain.json)
        #expect(plainEcho["tls"] == nil)
        #expect(plainEcho["url"] as? String == "http://127.0.0.1:\(server.live.port)/get")
    }

    @Test func curlWithoutTheRootRefusesTheServer() throws {
        let server = try SecureServer()
        let output = try server.curl("/get", trusting: false)
        // 60: the peer's certificate cannot be verified with the known CAs.
        #expect(output.status == 60, "\(output.stderr)")
    }

    @Test func aClientWithoutSNIGetsACertificateForTheAddressItConnectedTo() throws {
        let server = try SecureServer()
        let output = try server.curl("/get", host: "127.0.0.1")
        #expect(output.status == 0, "\(output.stderr)")
        let tls = try #require(output.json?["tls"] as? [String: Any])
        #expect(tls["serverName"] is NSNull)
        #expect((tls["ja4"] as? String)?.hasPrefix("t13i") == true)
    }

    @Test func subdomainsOfLocalhostGetTheirOwnCertificate() throws {
        let server = try SecureServer()
        let output = try server.curl("/get", host: "api.localhost")
        #expect(output.status == 0, "\(output.stderr)")
        #expect((output.json?["tls"] as? [String: Any])?["serverName"] as? String == "api.localhost")
    }

    @Test func aNameOutsideTheConstraintsGetsACertificateTheClientRefuses() throws {
        let server = try SecureServer()
        let output = try server.curl("/get", host: "example.com")
        #expect(output.status == 60, "\(output.stderr)")
        #expect(output.stderr.contains("example.com"), "\(output.stderr)")
    }

    @Test func aNameAddedInTheSettingsIsServed() throws {
        let server = try SecureServer { $0.tlsNames = ["dev.test"] }
        let output = try server.curl("/get", host: "api.dev.test")
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test(arguments: ["1.2", "1.3"])
    func aSecondConnectionResumesTheFirstSession(version: String) throws {
        let server = try SecureServer()
        let result = try server.python("resume", version)
        let first = try #require(result["first"] as? [String: Any])
        let second = try #require(result["second"] as? [String: Any])
        #expect(first["resumed"] as? Bool == false)
        #expect(second["resumed"] as? Bool == true)
        #expect(result["clientSawReuse"] as? Bool == true)
        #expect(second["version"] as? String == "TLSv\(version)")
        #expect(result["version"] as? String == "TLSv\(version)")
    }

    @Test func aClosingResponseEndsWithCloseNotify() throws {
        let server = try SecureServer()
        let result = try server.python("close-notify")
        #expect(result["status"] as? String == "200")
        #expect(result["cleanEnd"] as? Bool == true)
    }

    /// Clients that send a request and hang up, unread: each connection ends at once, and the
    /// loop goes idle. It used to read each socket's end again and again, a whole core, until
    /// the closing deadline five seconds later.
    @Test func clientsThatHangUpUnreadLeaveNoConnectionAndNoBusyLoop() throws {
        let server = try SecureServer()
        #expect(try server.python("hang-up", "8")["closed"] as? Int == 8)
        var open = server.live.server.openConnections
        for _ in 0..<200 where open > 0 {
            usleep(10_000)
            open = server.live.server.openConnections
        }
        #expect(open == 0)
        let before = server.live.server.loopCPUNanoseconds
        usleep(500_000)
        // Idle, the loop wakes four times a second for its housekeeping; spinning, it took the
        // whole half second.
        #expect(server.live.server.loopCPUNanoseconds - before < 50_000_000)
    }

    @Test func requestsFollowOneAnotherOnOneConnection() throws {
        let server = try SecureServer()
        let result = try server.python("keep-alive", "20")
        let exchanges = try #require(result["exchanges"] as? [[Any]])
        #expect(exchanges.count == 20)
        for (index, exchange) in exchanges.enumerated() {
            #expect(exchange[0] as? String == "200")
            #expect(exchange[1] as? String == String(index))
        }
    }

    @Test func largeBodiesGoBothWaysWhole() throws {
        let server = try SecureServer()
        let upload = try server.python("upload", String(3 << 20))
        #expect(upload["status"] as? String == "200")
        let body = try #require(upload["echo"] as? [String: Any])
        #expect(body["size"] as? Int == 3 << 20)
        #expect(body["sha256"] as? String == upload["sha256"] as? String)
        #expect(upload["cleanEnd"] as? Bool == true)

        let download = try server.python("download", "100000")
        #expect(download["status"] as? String == "200")
        #expect(download["length"] as? Int == 100_000)
        let stream = try server.curl("/stream-bytes/5000000?chunk_size=65536", ["-o", "/dev/null", "-w", "%{size_download}"])
        #expect(String(decoding: stream.stdout, as: UTF8.self) == "5000000", "\(stream.stderr)")
    }

    /// A client that resets in the middle of a large download over TLS: the server drops the
    /// connection, says in the history that the client left, and goes on serving.
    @Test func aClientThatResetsMidDownloadLosesNothingElse() throws {
        let server = try SecureServer()
        let result = try server.python("abandon", String(5_000_000))
        #expect((result["received"] as? Int ?? 0) >= 65536)
        var outcome: String?
        for _ in 0..<100 where outcome == nil {
            let list = try #require(try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(server.live.port)/__admin/requests?limit=5"]).json)
            let entries = try #require(list["requests"] as? [[String: Any]])
            outcome = entries.first { ($0["target"] as? String)?.hasPrefix("/stream-bytes/") == true }?["outcome"] as? String
            if outcome == nil { usleep(50_000) }
        }
        #expect(outcome == "clientAborted")
        #expect(try server.curl("/get").status == 0)
    }

    @Test func plainHTTPOnTheHTTPSPortIsAnsweredInPlainHTTP() throws {
        let server = try SecureServer()
        let connection = try RawConnection(port: server.httpsPort)
        try connection.send("GET /get HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("plainHTTPToHTTPSPort"))
        #expect(try server.curl("/get").status == 0)
    }

    @Test func tlsOnThePlainPortIsRefusedAndTheServerGoesOn() throws {
        let server = try SecureServer()
        let output = try ExternalTool.run("curl", ["-sS", "--max-time", "5", "--cacert", server.root, "https://localhost:\(server.live.port)/get"])
        // 35: the handshake failed (curl reads the 400 as a record of the wrong version).
        #expect(output.status == 35, "\(output.stderr)")
        #expect(try server.curl("/get").status == 0)
    }

    @Test func garbageInsteadOfAClientHelloClosesTheConnection() throws {
        let server = try SecureServer()
        let connection = try ByteClient(port: server.httpsPort)
        // A handshake record header announcing 5 bytes, then a body that is no ClientHello.
        try connection.send(String(decoding: [0x16, 0x03, 0x01, 0x00, 0x05, 0x01, 0x00, 0x00, 0x01, 0x7F], as: UTF8.self))
        let answer = connection.readToEnd()
        // An alert record (content type 21), then the end of the connection.
        #expect(answer.bytes.first == 0x15, "\(answer)")
        #expect(answer.ending == .closed)
        #expect(try server.curl("/get").status == 0)
    }

    @Test func renegotiationIsRefused() throws {
        let server = try SecureServer()
        let script = "sleep 0.5; echo R; sleep 1"
        let output = try ExternalTool.run(
            "sh", ["-c", "(\(script)) | openssl s_client -connect 127.0.0.1:\(server.httpsPort) -servername localhost -CAfile \(server.root) -tls1_2 2>&1"])
        let text = String(decoding: output.stdout, as: UTF8.self)
        #expect(text.contains("RENEGOTIATING"), "\(text)")
        #expect(text.contains("no renegotiation"), "\(text)")
        #expect(try server.curl("/get").status == 0)
    }

    @Test func theHistoryKeepsEachExchangesTLSFacts() throws {
        let server = try SecureServer()
        #expect(try server.curl("/get").status == 0)
        let list = try #require(try server.curl("/__admin/requests?limit=1").json)
        let id = try #require((list["requests"] as? [[String: Any]])?.first?["id"] as? Int)
        let entry = try #require(try server.curl("/__admin/requests/\(id)").json)
        let request = try #require(entry["request"] as? [String: Any])
        #expect(request["url"] as? String == "https://localhost:\(server.httpsPort)/get")
        let tls = try #require(request["tls"] as? [String: Any])
        #expect(tls["version"] as? String == "TLSv1.3")
        #expect(tls["serverName"] as? String == "localhost")
        // The response the history shows is the echo as sent, its tls object included.
        let response = try #require(entry["response"] as? [String: Any])
        #expect("\(response)".contains("TLSv1.3"))
    }

    @Test func aClientThatRejectsTheCertificateIsInTheHistoryWithItsAlert() throws {
        let server = try SecureServer()
        #expect(try server.curl("/get", trusting: false).status == 60)
        let failure = try #require(try server.failedHandshakes().first)
        #expect(failure["cause"] as? String == "certificate_rejected")
        #expect(failure["alertReceived"] as? String == "unknown_ca")
        #expect(failure["serverName"] as? String == "localhost")
        #expect((failure["offeredVersions"] as? [String])?.first == "TLSv1.3")
        #expect((failure["offeredCiphers"] as? [String])?.contains("TLS_AES_128_GCM_SHA256") == true)
        #expect(failure["offeredProtocols"] as? [String] == ["h2", "http/1.1"])
        #expect((failure["ja4"] as? String)?.hasPrefix("t13d") == true)
    }

    @Test func noSharedVersionAndNoSharedCipherAreTold() throws {
        let server = try SecureServer()
        let old = try ExternalTool.run(
            "sh", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(server.httpsPort) -tls1_1 -cipher DEFAULT@SECLEVEL=0 2>&1"])
        #expect(old.status != 0)
        let rsaOnly = try server.curl("/get", ["--tls-max", "1.2", "--ciphers", "ECDHE-RSA-AES128-GCM-SHA256"])
        #expect(rsaOnly.status == 35, "\(rsaOnly.stderr)")
        let failures = try server.failedHandshakes()
        #expect(failures.count == 2)
        let cipher = try #require(failures.first)
        #expect(cipher["cause"] as? String == "no_shared_cipher")
        #expect(cipher["alertSent"] as? String == "handshake_failure")
        #expect(cipher["offeredVersions"] as? [String] == ["TLSv1.2"])
        let version = try #require(failures.last)
        #expect(version["cause"] as? String == "no_shared_version")
        #expect(version["alertSent"] as? String == "protocol_version")
        #expect(version["offeredVersions"] as? [String] == ["TLSv1.1"])
    }

    /// A record header that announces a ClientHello of 100 bytes, and 10 of them.
    static let partialHello: String = String(decoding: [0x16, 0x03, 0x01, 0x00, 0x64, 0x01, 0x00, 0x00, 0x60, 0x03], as: UTF8.self)

    @Test func aHandshakeThatStallsIsClosedAtItsDeadlineAndRecorded() throws {
        let server = try SecureServer { $0.tlsHandshakeTimeout = 0.3 }
        let client = try ByteClient(port: server.httpsPort)
        try client.send(Self.partialHello)
        let start = Date()
        let answer = client.readToEnd(idleSeconds: 5)
        #expect(answer.ending == .closed)
        #expect(answer.bytes.isEmpty)
        #expect(Date().timeIntervalSince(start) < 4)
        let failure = try #require(try server.failedHandshakes().first)
        #expect(failure["cause"] as? String == "timed_out")
    }

    @Test func aClientThatLeavesMidHandshakeIsRecordedAndOneThatSentNothingIsNot() throws {
        let server = try SecureServer()
        do {
            let unused = try ByteClient(port: server.httpsPort)
            _ = unused
        }
        do {
            let leaving = try ByteClient(port: server.httpsPort)
            try leaving.send(Self.partialHello)
            usleep(100_000)
        }
        var failures: [[String: Any]] = []
        for _ in 0..<50 where failures.isEmpty {
            usleep(20_000)
            failures = try server.failedHandshakes()
        }
        #expect(failures.count == 1)
        #expect(failures.first?["cause"] as? String == "client_closed")
    }

    @Test func handshakesPastTheLimitAreClosedAtOnce() throws {
        let server = try SecureServer { $0.tlsHandshakeLimit = 1 }
        let holding = try ByteClient(port: server.httpsPort)
        try holding.send(Self.partialHello)
        usleep(100_000)
        let refused = try ByteClient(port: server.httpsPort)
        let answer = refused.readToEnd(idleSeconds: 3)
        #expect(answer.ending != .timedOut)
        #expect(answer.bytes.isEmpty)
        withExtendedLifetime(holding) {}
        holding.resetNow()
        usleep(100_000)
        #expect(try server.curl("/get").status == 0)
    }

    /// WebSocket over TLS (wss://) with Python's `websockets` (`make websocket-deps`, which make test runs).
    @Test func webSocketsWorkOverTLS() throws {
        let python = PageBrowserTests.repository.appendingPathComponent(".build/websocket-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "no websockets environment at \(python): run `make websocket-deps`")
        let server = try SecureServer()
        let script = """
            import asyncio, ssl, sys, websockets
            async def main():
                context = ssl.create_default_context(cafile=sys.argv[2])
                async with websockets.connect(f"wss://localhost:{sys.argv[1]}/websocket/echo", ssl=context) as socket:
                    await socket.send("hello over TLS")
                    print(await socket.recv())
                    body = bytes(range(256)) * 1200
                    await socket.send(body)
                    print((await socket.recv()) == body)
            asyncio.run(main())
            """
        let output = try ExternalTool.run(python, ["-c", script, String(server.httpsPort), server.root])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(String(decoding: output.stdout, as: UTF8.self) == "hello over TLS\nTrue\n")
    }

    @Test func turningHTTPSOffLeavesOnlyThePlainPort() throws {
        let live = try LiveServer()
        #expect(live.httpsPort == nil)
    }
}

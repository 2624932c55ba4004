import BoomerangTesting
import Foundation
import Testing

/// The JDK's own HTTP client (`java.net.http.HttpClient`, OpenJDK 17 from Debian, installed by
/// `make test`) against both ports: HTTP/2 by ALPN and by `Upgrade: h2c`, the root trusted
/// through a truststore `keytool` made, the PKCS#12 client certificate, every TLS scenario, and
/// the HTTP/2 faults as a Java app sees them. `JavaClient.java` beside this file is the client.
@Suite struct JavaClientTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("JavaClient.java").path

    /// The scenario server, with a truststore holding its root only, as an app that ships its own.
    static let server: (secure: HTTPSTests.SecureServer, trustStore: String) = {
        let secure = TLSScenarioTests.server
        let store = secure.folder + "/truststore.p12"
        if !FileManager.default.fileExists(atPath: store) {
            let made = try! ExternalTool.run(
                "keytool", ["-importcert", "-noprompt", "-storetype", "PKCS12", "-keystore", store, "-storepass", "changeit",
                            "-alias", "boomerang-root", "-file", secure.root])
            precondition(made.status == 0, made.stderr)
        }
        return (secure, store)
    }()

    static var trusting: [String] {
        ["-Djavax.net.ssl.trustStore=\(server.trustStore)", "-Djavax.net.ssl.trustStorePassword=changeit"]
    }

    /// Runs `JavaClient.java` with `properties` (`-D…`) and returns the JSON it printed.
    static func java(_ properties: [String], _ arguments: [String]) throws -> [String: Any] {
        let output = try ExternalTool.run("java", properties + [source] + arguments)
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(output.json, "\(output.stderr)")
    }

    static func echo(of answer: [String: Any]) throws -> [String: Any] {
        let body = try #require(answer["body"] as? String, "\(answer)")
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test func overHTTPSTheJDKNegotiatesHTTP2AndTheEchoSaysSo() throws {
        let answer = try Self.java(Self.trusting, ["get", "https://localhost:\(Self.server.secure.httpsPort)/get?a=1"])
        #expect(answer["version"] as? String == "HTTP_2", "\(answer)")
        let echo = try Self.echo(of: answer)
        #expect(echo["httpVersion"] as? String == "2")
        #expect((echo["tls"] as? [String: Any])?["alpn"] as? String == "h2")
        #expect((echo["headers"] as? [String: String])?["User-Agent"]?.hasPrefix("Java-http-client/") == true)
        #expect((echo["args"] as? [String: String])?["a"] == "1")
    }

    /// The JDK asks for h2c with an upgrading GET that carries `Content-Length: 0`; the upgrade is
    /// taken and the request answered on stream 1. An upload stays in HTTP/1.1.
    @Test func onThePlainPortTheJDKUpgradesToH2C() throws {
        let live = try LiveServer()
        let answer = try Self.java([], ["get", live.baseURL + "/get"])
        #expect(answer["version"] as? String == "HTTP_2", "\(answer)")
        let echo = try Self.echo(of: answer)
        #expect(echo["httpVersion"] as? String == "2")
        #expect((echo["http2"] as? [String: Any])?["stream"] as? Int == 1)
        #expect((echo["headers"] as? [String: String])?["Content-Length"] == "0")
        let upload = try Self.java([], ["post", live.baseURL + "/post", "1000"])
        #expect(upload["version"] as? String == "HTTP_1_1")
        #expect((try Self.echo(of: upload)["body"] as? [String: Any])?["size"] as? Int == 1000)
    }

    @Test func requestsSentTogetherShareOneConnectionOnTheirOwnStreams() throws {
        let answers = try #require(try Self.java(Self.trusting, ["shared", "https://localhost:\(Self.server.secure.httpsPort)/get", "6"])["answers"] as? [[String: Any]])
        #expect(answers.count == 7)
        let http2 = try answers.map { try #require(try Self.echo(of: $0)["http2"] as? [String: Any]) }
        #expect(Set(http2.compactMap { $0["connection"] as? String }).count == 1, "\(http2)")
        let streams = http2.compactMap { $0["stream"] as? Int }
        #expect(Set(streams).count == 7 && streams.allSatisfy { $0 % 2 == 1 }, "\(streams)")
    }

    /// A 3 MB upload over HTTP/2: the server reopens the windows as it reads, and the echo's digest
    /// is the digest of what was sent.
    @Test func anUploadOverHTTP2ArrivesWhole() throws {
        let answer = try Self.java(Self.trusting, ["post", "https://localhost:\(Self.server.secure.httpsPort)/post", "3000000"])
        #expect(answer["version"] as? String == "HTTP_2", "\(answer)")
        let body = try #require(try Self.echo(of: answer)["body"] as? [String: Any])
        #expect(body["size"] as? Int == 3_000_000)
        let expected = try ExternalTool.run("sha256sum", [], input: Data(String(repeating: "a", count: 3_000_000).utf8))
        #expect(String(decoding: expected.stdout, as: UTF8.self).hasPrefix(try #require(body["sha256"] as? String)))
    }

    /// Each scenario's port, one after another. The JDK 17 reaches every listed outcome but four,
    /// where its defaults are laxer than a correct client's: it accepts a SHA-1 signed leaf under a
    /// root added to its truststore (its SHA-1 rule covers only the JDK's own roots), a 1024-bit
    /// RSA key and a 1024-bit DH group (it refuses below 1024), and static RSA key exchange.
    @Test func everyScenarioGivesTheJDKItsOutcome() throws {
        let scenarios = try #require(try TLSScenarioTests.listing["scenarios"] as? [[String: Any]])
        let pairs = try scenarios.map { entry in
            "\(try #require(entry["name"] as? String))=https://localhost:\(try #require(entry["port"] as? Int))/get"
        }
        let outcomes = try Self.java(Self.trusting, ["catalogue"] + pairs)
        let laxer: Set = ["sha1", "rsa-1024", "dh-1024", "static-rsa"]
        for entry in scenarios {
            let name = try #require(entry["name"] as? String)
            let got = try #require(outcomes[name] as? [String: Any], "\(name)")
            let expected = laxer.contains(name) ? "accept" : entry["outcome"] as? String
            #expect(got["outcome"] as? String == expected, "\(name): \(got)")
            if got["outcome"] as? String == "accept" {
                #expect((try Self.echo(of: got)["tls"] as? [String: Any])?["scenario"] as? String == name)
            }
        }
        func error(_ name: String) -> String { (outcomes[name] as? [String: Any])?["error"] as? String ?? "" }
        #expect(error("expired").contains("validity check failed"), "\(error("expired"))")
        #expect(error("wrong-host").contains("No subject alternative DNS name matching localhost"))
        #expect(error("incomplete-chain").contains("unable to find valid certification path"))
        #expect(error("tls-1-0").contains("protocol_version"))
        #expect(error("alert-handshake-failure").contains("Received fatal alert: handshake_failure"))
        // TLS 1.3: the JDK's handshake is over before the server has checked its (missing)
        // certificate, and it sends its first request at once; it still reads the alert.
        #expect(error("client-certificate-required").contains("certificate_required"), "\(error("client-certificate-required"))")
        // The cut is an end without close_notify: the JDK reads an EOF. Not a reset: the server
        // reads what the JDK still sends (a WINDOW_UPDATE) after its FIN, rather than closing on
        // it unread.
        let truncated = error("truncated-response")
        #expect(truncated.contains("EOF"), "\(truncated)")
    }

    /// The PKCS#12 download (PBE-SHA1-3DES, a SHA-1 MAC) as the JDK's key store.
    @Test func theClientCertificatesPKCS12IsTheJDKsKeyStore() throws {
        let store = Self.server.secure.folder + "/client-\(UUID().uuidString).p12"
        let download = try ExternalTool.run(
            "curl", ["-sS", "-o", store, "http://127.0.0.1:\(Self.server.secure.live.port)/__admin/tls/client-certificate.p12"])
        #expect(download.status == 0)
        let port = try #require(try TLSScenarioTests.scenario("client-certificate-required")["port"] as? Int)
        let keyStore = ["-Djavax.net.ssl.keyStore=\(store)", "-Djavax.net.ssl.keyStoreType=PKCS12", "-Djavax.net.ssl.keyStorePassword=boomerang"]
        let answer = try Self.java(Self.trusting + keyStore, ["get", "https://localhost:\(port)/get"])
        let certificate = try #require((try Self.echo(of: answer)["tls"] as? [String: Any])?["clientCertificate"] as? [String: Any])
        #expect(certificate["subject"] as? String == "CN=Boomerang client,O=Boomerang")
        #expect(certificate["verified"] as? Bool == true)
    }

    /// The stream faults as a Java app meets them. The JDK 17 does not retry a stream the server
    /// did not process (REFUSED_STREAM, or above a GOAWAY's last stream): the request fails with
    /// "Stream not processed", where curl and httpx retry it.
    @Test(arguments: [
        ("h2-reset:REFUSED_STREAM", "Received RST_STREAM: Stream not processed"),
        ("reset", "Received RST_STREAM: Internal error"),
        ("h2-reset-after-headers:CANCEL", "Received RST_STREAM: Stream cancelled"),
        ("h2-reset-after:100:CANCEL", "Received RST_STREAM: Stream cancelled"),
        ("h2-goaway:NO_ERROR:0", "Received RST_STREAM: Stream not processed"),
    ])
    func http2FaultsReachTheJDKAsStreamErrors(fault: String, error: String) throws {
        let answer = try Self.java(Self.trusting, ["get", "https://localhost:\(Self.server.secure.httpsPort)/get?x-set-response-fault=\(fault)"])
        #expect(answer["outcome"] as? String == "refuse")
        #expect((answer["error"] as? String)?.contains(error) == true, "\(answer)")
    }

    @Test func aPingStormIsAnsweredAndTheRequestCompletes() throws {
        let answer = try Self.java(Self.trusting, ["get", "https://localhost:\(Self.server.secure.httpsPort)/get?x-set-response-fault=h2-ping-storm:200"])
        #expect(answer["status"] as? Int == 200, "\(answer)")
    }
}

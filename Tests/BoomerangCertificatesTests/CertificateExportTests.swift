import BoomerangCertificates
import Crypto
import Foundation
import Testing
import X509

@Suite struct CertificateExportTests {
    @Test func exportsPEMAndDERAndAConfigurationProfile() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let pem = try authority.exportRoot(as: .pem)
        #expect(String(decoding: pem, as: UTF8.self) == (try String(contentsOfFile: workspace.caFolder + "/root.pem", encoding: .utf8)))
        let der = try authority.exportRoot(as: .der)
        #expect(try Certificate(derEncoded: der) == authority.root)

        let profile = try authority.exportRoot(as: .mobileconfig)
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(profile), format: nil) as? [String: Any])
        #expect(plist["PayloadType"] as? String == "Configuration")
        let identifier = try #require(plist["PayloadIdentifier"] as? String)
        #expect(identifier.hasPrefix("localhost.boomerang."))
        let payloads = try #require(plist["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1)
        #expect(payloads[0]["PayloadType"] as? String == "com.apple.security.root")
        #expect(payloads[0]["PayloadContent"] as? Data == Data(der))
        let uuids = [plist["PayloadUUID"] as? String, payloads[0]["PayloadUUID"] as? String].compactMap { $0 }
        #expect(Set(uuids).count == 2 && uuids.allSatisfy { UUID(uuidString: $0) != nil })
        let again = try #require(try PropertyListSerialization.propertyList(from: Data(try authority.exportRoot(as: .mobileconfig)), format: nil) as? [String: Any])
        #expect(again["PayloadUUID"] as? String != plist["PayloadUUID"] as? String)
        #expect(again["PayloadIdentifier"] as? String == identifier)
    }

    @Test func fingerprintAndPinMatchOpenSSL() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let root = workspace.caFolder + "/root.pem"
        let fingerprint = try CertificateWorkspace.run("/usr/bin/openssl", ["x509", "-in", root, "-noout", "-fingerprint", "-sha256"])
        #expect(fingerprint.output.trimmingCharacters(in: .whitespacesAndNewlines) == "sha256 Fingerprint=" + authority.root.sha256Fingerprint)
        let pin = try CertificateWorkspace.run(
            "/bin/sh", ["-c", "openssl x509 -in '\(root)' -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64"])
        #expect(pin.output.trimmingCharacters(in: .whitespacesAndNewlines) == authority.root.publicKeyPin)
    }

    @Test func clientCertificateVerifiesAgainstTheClientCAAndItsPKCS12Opens() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let client = try authority.issueClientCertificate(commonName: "alice")
        #expect(client.chain.isEmpty)
        let clientCA = workspace.caFolder + "/client-ca.pem"
        let trusted = try workspace.verify(leafPEM: client.certificatePEM, root: clientCA, intermediate: nil, purpose: "sslclient")
        #expect(trusted.passed, "\(trusted.output)")
        let asServer = try workspace.verify(leafPEM: client.certificatePEM, root: clientCA, intermediate: nil, purpose: "sslserver")
        #expect(!asServer.passed)
        let underServerRoot = try workspace.verify(
            leafPEM: client.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem", purpose: "sslclient")
        #expect(!underServerRoot.passed)

        let wrong = try CertificateAuthority.untrustedClientCertificate(commonName: "mallory")
        let refused = try workspace.verify(leafPEM: wrong.certificatePEM, root: clientCA, intermediate: nil, purpose: "sslclient")
        #expect(!refused.passed)
        let ownCA = try workspace.write(wrong.chain[0].pemText, to: "wrong-ca.pem")
        #expect(try workspace.verify(leafPEM: wrong.certificatePEM, root: ownCA, intermediate: nil, purpose: "sslclient").passed)

        let files = try client.write(toFolder: workspace.path, name: "alice", password: "s3cret")
        #expect(try FileManager.default.attributesOfItem(atPath: files.privateKey)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: files.pkcs12)[.posixPermissions] as? Int == 0o600)
        let info = try CertificateWorkspace.run("/usr/bin/openssl", ["pkcs12", "-info", "-nokeys", "-in", files.pkcs12, "-passin", "pass:s3cret"])
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("subject=O = Boomerang, CN = alice"), "\(info.output)")
        #expect(info.output.contains("pbeWithSHA1And3-KeyTripleDES-CBC"), "\(info.output)")
        let keyOut = try CertificateWorkspace.run("/usr/bin/openssl", ["pkcs12", "-in", files.pkcs12, "-passin", "pass:s3cret", "-nocerts", "-nodes"])
        #expect(keyOut.status == 0 && keyOut.output.contains("BEGIN PRIVATE KEY"))
        let wrongPassword = try CertificateWorkspace.run("/usr/bin/openssl", ["pkcs12", "-info", "-nokeys", "-in", files.pkcs12, "-passin", "pass:nope"])
        #expect(wrongPassword.status != 0)
        #expect(throws: CertificateAuthorityError(.invalidName, "")) { try authority.issueClientCertificate(commonName: "") }
    }

    /// A Python TLS client that trusts only the root accepts the server's leaf and chain, and
    /// refuses the same chain for a name it was not issued for.
    @Test func pythonHandshakeTrustsTheLeafChain() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let leaf = try authority.issueLeaf(for: "app.localhost")
        let chain = try workspace.write(leaf.chainPEM, to: "chain.pem")
        let key = try workspace.write(leaf.privateKeyPEM, to: "key.pem")
        let script = """
            import socket, ssl, sys, threading
            chain, key, root = sys.argv[1:4]
            server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            server.load_cert_chain(chain, key)
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            listener.listen(2)
            def serve():
                for _ in range(2):
                    connection, _ = listener.accept()
                    try:
                        with server.wrap_socket(connection, server_side=True) as tls:
                            tls.sendall(b"hello")
                    except (ssl.SSLError, OSError):
                        pass
            threading.Thread(target=serve, daemon=True).start()
            client = ssl.create_default_context(cafile=root)
            for name in ("app.localhost", "other.localhost"):
                try:
                    with client.wrap_socket(socket.create_connection(listener.getsockname(), timeout=10), server_hostname=name) as tls:
                        print(name, "accepted", tls.version(), tls.recv(5).decode())
                except ssl.SSLCertVerificationError as error:
                    print(name, "refused", error.verify_message)
            """
        let result = try CertificateWorkspace.run("/usr/bin/python3", ["-c", script, chain, key, workspace.caFolder + "/root.pem"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("app.localhost accepted TLSv1.3 hello"), "\(result.output)")
        #expect(result.output.contains("other.localhost refused"), "\(result.output)")
    }
}

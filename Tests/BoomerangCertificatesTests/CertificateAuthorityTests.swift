import BoomerangCertificates
import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@Suite struct CertificateAuthorityTests {
    @Test(arguments: ["localhost", "api.localhost", "*.localhost", "a.b.localhost", "LocalHost.", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
    func leafChainVerifiesWithOpenSSLAndNSS(_ name: String) throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let leaf = try authority.issueLeaf(for: name)
        let result = try workspace.verify(
            leafPEM: leaf.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem")
        #expect(result.passed, "\(result.output)")
        let nss = try workspace.verifyWithNSS(leaf: leaf.certificate, intermediate: authority.intermediate, root: authority.root)
        #expect(nss.passed, "\(nss.output)")
        #expect(leaf.chain.map(\.sha256Fingerprint) == [authority.intermediate.sha256Fingerprint])
    }

    /// The point of the feature: a certificate for another site, signed with the intermediate's
    /// own key (bypassing ``CertificateAuthority/issueLeaf(for:now:)``), fails verification.
    @Test(arguments: [
        (GeneralName.dnsName("example.com"), "example.com"), (.dnsName("localhost.example.com"), "localhost.example.com"),
        (.dnsName("evillocalhost"), "evillocalhost"), (.ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 1])), "10.0.0.1"),
        (.ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2][...])), "::2"),
    ])
    func forgedLeafOutsideTheConstraintsFailsOpenSSLAndNSS(_ name: GeneralName, _ text: String) throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let keyText = try String(contentsOfFile: workspace.caFolder + "/intermediate-key.pem", encoding: .utf8)
        let issuerKey = try P256.Signing.PrivateKey(pemRepresentation: keyText)
        let leafKey = P256.Signing.PrivateKey()
        let forged = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(leafKey.publicKey),
            notValidBefore: Date() - 3600, notValidAfter: Date() + 86_400 * 30,
            issuer: authority.intermediate.subject, subject: try DistinguishedName { CommonName("Forged") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([name])
                AuthorityKeyIdentifier(keyIdentifier: try authority.intermediate.extensions.subjectKeyIdentifier?.keyIdentifier)
            },
            issuerPrivateKey: Certificate.PrivateKey(issuerKey))
        let result = try workspace.verify(
            leafPEM: forged.pemText, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem")
        #expect(!result.passed)
        #expect(result.output.contains("permitted subtree violation"), "\(result.output)")
        let nss = try workspace.verifyWithNSS(leaf: forged, intermediate: authority.intermediate, root: authority.root)
        #expect(!nss.passed)
        #expect(nss.output.contains("ERROR -8080: The Certifying Authority for this certificate is not permitted to issue a certificate with this name"), "\(nss.output)")
        #expect(throws: CertificateAuthorityError(.nameNotPermitted, text)) { try authority.issueLeaf(for: text) }
    }

    @Test func invalidNamesAreRefused() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        for name in ["", "bad name.localhost", "-a.localhost", "a..localhost", "*.*.localhost"] {
            #expect(throws: CertificateAuthorityError(.invalidName, name)) { try authority.issueLeaf(for: name) }
        }
        #expect(throws: CertificateAuthorityError(.invalidName, "example..test")) {
            try CertificateAuthority.loadOrCreate(in: workspace.path + "/other", permitting: ["example..test"])
        }
    }

    @Test func leafIsShortLivedBackdatedCachedAndP256() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let now = Date()
        let leaf = try authority.issueLeaf(for: "app.localhost", now: now)
        let lifetime = leaf.certificate.notValidAfter.timeIntervalSince(leaf.certificate.notValidBefore)
        #expect(lifetime <= 825 * 86_400)
        #expect(lifetime >= 800 * 86_400)
        #expect(leaf.certificate.notValidBefore < now - 60)
        #expect(P256.Signing.PublicKey(leaf.certificate.publicKey) != nil)
        #expect(try leaf.certificate.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName("app.localhost")])
        #expect(try authority.issueLeaf(for: "APP.localhost.").certificate.serialNumber == leaf.certificate.serialNumber)
        // Not "127.0.0.1": OpenSSL and Java check a common name that looks like a host name against the DNS constraints.
        #expect(try authority.issueLeaf(for: "127.0.0.1").certificate.subject.description == "CN=Boomerang IP 127.0.0.1,O=Boomerang")
        #expect(try authority.issueLeaf(for: "other.localhost").certificate.serialNumber != leaf.certificate.serialNumber)
        let later = try authority.issueLeaf(for: "app.localhost", now: now + 824 * 86_400)
        #expect(later.certificate.serialNumber != leaf.certificate.serialNumber)
    }

    @Test func authoritiesCarryCriticalConstraints() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        for (certificate, pathLength) in [(authority.root, 1), (authority.intermediate, 0)] {
            #expect(try certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: pathLength))
            #expect(certificate.extensions.first { $0.oid == .X509ExtensionID.nameConstraints }?.critical == true)
            let constraints = try #require(try certificate.extensions.nameConstraints)
            #expect(Array(constraints.permittedDNSDomains) == ["localhost"])
            #expect(constraints.permittedIPRanges.map { Array($0.bytes) } == [[127, 0, 0, 0, 255, 0, 0, 0], Array(repeating: 0, count: 15) + [1] + Array(repeating: 255, count: 16)])
        }
        #expect(authority.permittedNames.description == "localhost, 127.0.0.0/8, ::1/128")
        #expect(try authority.intermediate.extensions.extendedKeyUsage.map(Array.init) == [.serverAuth])
    }

    @Test func filesHaveOwnerOnlyModesAndLoadingReusesTheCA() throws {
        let workspace = try CertificateWorkspace()
        let first = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        #expect(try mode(of: workspace.caFolder) == 0o700)
        #expect(try mode(of: workspace.caFolder + "/intermediate-key.pem") == 0o600)
        #expect(try mode(of: workspace.caFolder + "/client-ca-key.pem") == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.caFolder).sorted()
            == [".lock", "client-ca-key.pem", "client-ca.pem", "intermediate-key.pem", "intermediate.pem", "root.pem"])
        let second = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        #expect(second.root.sha256Fingerprint == first.root.sha256Fingerprint)
        #expect(second.intermediate.publicKeyPin == first.intermediate.publicKeyPin)
        let rotated = try CertificateAuthority.rotate(in: workspace.caFolder)
        #expect(rotated.root.sha256Fingerprint != first.root.sha256Fingerprint)
        #expect(try CertificateAuthority.load(from: workspace.caFolder).root.sha256Fingerprint == rotated.root.sha256Fingerprint)
        try CertificateAuthority.delete(in: workspace.caFolder)
        #expect(!FileManager.default.fileExists(atPath: workspace.caFolder))
        #expect(throws: CertificateAuthorityError(.notCreated, workspace.caFolder)) { try CertificateAuthority.load(from: workspace.caFolder) }
    }

    /// Servers and `boomerang ca` commands started at once on a fresh folder make one CA between
    /// them: each gets the same root, and the stored intermediate is the one that root signed.
    @Test func concurrentFirstStartsMakeOneCA() throws {
        let workspace = try CertificateWorkspace()
        let folder = workspace.caFolder
        final class Outcomes: @unchecked Sendable {
            let lock = NSLock()
            var roots: [String] = []
            var failures: [String] = []
        }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do {
                let authority = try CertificateAuthority.loadOrCreate(in: folder)
                outcomes.lock.withLock { outcomes.roots.append(authority.root.sha256Fingerprint) }
            } catch {
                outcomes.lock.withLock { outcomes.failures.append("\(error)") }
            }
        }
        let (roots, failures) = outcomes.lock.withLock { (outcomes.roots, outcomes.failures) }
        #expect(failures == [])
        #expect(Set(roots).count == 1, "\(roots)")
        let stored = try CertificateAuthority.load(from: folder)
        #expect(roots.first == stored.root.sha256Fingerprint)
        let check = try CertificateWorkspace.run(
            "/usr/bin/openssl", ["verify", "-CAfile", folder + "/root.pem", folder + "/intermediate.pem"])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test func keyReadableByOthersIsRefused() throws {
        let workspace = try CertificateWorkspace()
        _ = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let key = workspace.caFolder + "/intermediate-key.pem"
        #expect(chmod(key, 0o644) == 0)
        #expect(throws: CertificateAuthorityError(.keyFileExposed, key, detail: "mode 644")) {
            try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        }
        #expect(unlink(workspace.caFolder + "/client-ca.pem") == 0)
        #expect(chmod(key, 0o600) == 0)
        #expect(throws: CertificateAuthorityError(.incompleteState, workspace.caFolder + "/client-ca.pem")) {
            try CertificateAuthority.load(from: workspace.caFolder)
        }
    }

    @Test func extraNamesArePermittedAndAChangeAsksForRotation() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder, permitting: ["Example.TEST", ".dev.test.", "192.168.7.0/24", "fd00::1"])
        #expect(authority.permittedNames.description == "localhost, example.test, dev.test, 127.0.0.0/8, ::1/128, 192.168.7.0/24, fd00::1/128")
        for name in ["example.test", "api.example.test", "dev.test", "192.168.7.9", "fd00::1"] {
            let leaf = try authority.issueLeaf(for: name)
            let result = try workspace.verify(
                leafPEM: leaf.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem")
            #expect(result.passed, "\(name): \(result.output)")
        }
        #expect(throws: CertificateAuthorityError(.nameNotPermitted, "192.168.8.1")) { try authority.issueLeaf(for: "192.168.8.1") }
        _ = try CertificateAuthority.loadOrCreate(in: workspace.caFolder, permitting: ["sub.example.test", "192.168.7.5"])
        #expect(throws: CertificateAuthorityError(.permittedNamesChanged, "other.test, 10.0.0.0/8")) {
            try CertificateAuthority.loadOrCreate(in: workspace.caFolder, permitting: ["example.test", "other.test", "10.0.0.0/8"])
        }
    }

    private func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return status.st_mode & 0o777
    }
}

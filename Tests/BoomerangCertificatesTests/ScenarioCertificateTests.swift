import BoomerangCertificates
import Crypto
import Foundation
import Testing
import X509

/// Each scenario certificate has its defect and no other, as `openssl verify` and `openssl x509
/// -text` see it, and is kept in the CA's folder until the CA is rotated.
@Suite struct ScenarioCertificateTests {
    // MARK: - Each kind has its defect

    @Test(arguments: ["valid.localhost", "xn--bcher-kva.localhost"])
    func validVerifiesForItsHostWithOpenSSLAndNSS(_ host: String) throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let now = Date()
        let issued = try authority.scenarioCertificate(named: "valid", kind: .valid, host: host, now: now)
        #expect(issued.chain.map(\.sha256Fingerprint) == [authority.intermediate.sha256Fingerprint])
        #expect(issued.certificateDER == issued.certificate.derBytes)
        let result = try verify(issued, in: workspace, options: ["-verify_hostname", host])
        #expect(result.passed, "\(result.output)")
        let nss = try workspace.verifyWithNSS(leaf: issued.certificate, intermediate: authority.intermediate, root: authority.root)
        #expect(nss.passed, "\(nss.output)")
        #expect(P256.Signing.PublicKey(issued.certificate.publicKey) != nil)
        #expect(try issued.certificate.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName(host)])
        #expect(issued.certificate.notValidBefore < now - 60)
        #expect(issued.certificate.notValidAfter.timeIntervalSince(issued.certificate.notValidBefore) <= 825 * 86_400)
        #expect(issued.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        for line in ["CA:FALSE", "Digital Signature", "TLS Web Server Authentication", "X509v3 Subject Key Identifier", "X509v3 Authority Key Identifier"] {
            #expect(text.contains(line), "\(line): \(text)")
        }
        #expect(!text.contains("Key Encipherment"), "\(text)")
        #expect(text.contains("ecdsa-with-SHA256"), "\(text)")
    }

    @Test func expiredFailsAsExpired() throws {
        let workspace = try CertificateWorkspace()
        let now = Date()
        // A CA made long ago, so that it was valid while the leaf was.
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder, now: now - 500 * 86_400)
        let issued = try authority.scenarioCertificate(named: "expired", kind: .expired, host: "expired.localhost", now: now)
        #expect(issued.certificate.notValidAfter < now)
        #expect(issued.certificate.notValidAfter.timeIntervalSince(issued.certificate.notValidBefore) <= 825 * 86_400)
        let result = try verify(issued, in: workspace, options: ["-verify_hostname", "expired.localhost"])
        #expect(!result.passed)
        #expect(result.output.contains("certificate has expired"), "\(result.output)")
        // Verified as of a day before its end, it has no other defect.
        let before = String(Int(issued.certificate.notValidAfter.timeIntervalSince1970) - 86_400)
        let then = try verify(issued, in: workspace, options: ["-attime", before, "-verify_hostname", "expired.localhost"])
        #expect(then.passed, "\(then.output)")
    }

    @Test func notYetValidFailsAsNotYetValid() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let now = Date()
        let issued = try authority.scenarioCertificate(named: "not-yet-valid", kind: .notYetValid, host: "not-yet-valid.localhost", now: now)
        #expect(issued.certificate.notValidBefore > now + 29 * 86_400)
        #expect(issued.certificate.notValidAfter.timeIntervalSince(issued.certificate.notValidBefore) <= 825 * 86_400)
        let result = try verify(issued, in: workspace)
        #expect(!result.passed)
        #expect(result.output.contains("certificate is not yet valid"), "\(result.output)")
        let later = String(Int(issued.certificate.notValidBefore.timeIntervalSince1970) + 86_400)
        let then = try verify(issued, in: workspace, options: ["-attime", later, "-verify_hostname", "not-yet-valid.localhost"])
        #expect(then.passed, "\(then.output)")
    }

    @Test func selfSignedFailsAsSelfSignedAndIsNotACA() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "self-signed", kind: .selfSigned, host: "self-signed.localhost")
        #expect(issued.chain.isEmpty)
        #expect(issued.certificate.issuer == issued.certificate.subject)
        #expect(issued.certificate.publicKey.isValidSignature(issued.certificate.signature, for: issued.certificate))
        #expect(try issued.certificate.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try issued.certificate.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName("self-signed.localhost")])
        let result = try verify(issued, in: workspace)
        #expect(!result.passed)
        #expect(result.output.contains("self-signed certificate") || result.output.contains("self signed certificate"), "\(result.output)")
    }

    @Test func untrustedRootFailsForLackOfItsIssuer() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "untrusted-root", kind: .untrustedRoot, host: "untrusted-root.localhost")
        #expect(issued.chain.count == 1)
        #expect(issued.chain.first != authority.intermediate)
        #expect(issued.certificate.issuer == issued.chain[0].subject)
        #expect(try issued.chain[0].extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        let result = try verify(issued, in: workspace)
        #expect(!result.passed)
        #expect(result.output.contains("unable to get local issuer certificate"), "\(result.output)")
        // Trusting its own intermediate, it verifies: the root is all it lacks.
        let ownIntermediate = try workspace.write(issued.chain[0].pemText, to: "untrusted-intermediate.pem")
        let partial = try workspace.verify(
            leafPEM: issued.certificatePEM, root: ownIntermediate, intermediate: nil, options: ["-partial_chain", "-verify_hostname", "untrusted-root.localhost"])
        #expect(partial.passed, "\(partial.output)")
    }

    @Test func wrongHostVerifiesAsAChainButNotForTheHost() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "wrong-host", kind: .wrongHost("Other.localhost."), host: "wrong-host.localhost")
        #expect(try issued.certificate.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName("other.localhost")])
        let chain = try verify(issued, in: workspace)
        #expect(chain.passed, "\(chain.output)")
        let host = try verify(issued, in: workspace, options: ["-verify_hostname", "wrong-host.localhost"])
        #expect(!host.passed)
        #expect(host.output.contains("hostname mismatch"), "\(host.output)")
        let other = try verify(issued, in: workspace, options: ["-verify_hostname", "other.localhost"])
        #expect(other.passed, "\(other.output)")
    }

    @Test func incompleteChainVerifiesOnlyWithTheIntermediate() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "incomplete-chain", kind: .incompleteChain, host: "incomplete-chain.localhost")
        #expect(issued.chain.isEmpty)
        #expect(issued.chainPEM == issued.certificatePEM)
        let alone = try verify(issued, in: workspace)
        #expect(!alone.passed)
        #expect(alone.output.contains("unable to get local issuer certificate"), "\(alone.output)")
        let withIntermediate = try workspace.verify(
            leafPEM: issued.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem",
            options: ["-verify_hostname", "incomplete-chain.localhost"])
        #expect(withIntermediate.passed, "\(withIntermediate.output)")
    }

    @Test func noSubjectAlternativeNameNamesTheHostInTheCommonNameOnly() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "no-san", kind: .noSubjectAlternativeName, host: "no-san.localhost")
        #expect(try issued.certificate.extensions.subjectAlternativeNames == nil)
        #expect(issued.certificate.subject.description == "CN=no-san.localhost,O=Boomerang")
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        #expect(!text.contains("Subject Alternative Name"), "\(text)")
        #expect(text.contains("CN = no-san.localhost"), "\(text)")
        let result = try verify(issued, in: workspace)
        #expect(result.passed, "\(result.output)")
    }

    @Test func sha1SignatureIsSignedWithSHA1AndOtherwiseValid() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "sha1", kind: .sha1Signature, host: "sha1.localhost")
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA1"), "\(text)")
        #expect(!text.contains("SHA256"), "\(text)")
        #expect(text.contains("DNS:sha1.localhost"), "\(text)")
        let result = try verify(issued, in: workspace, options: ["-verify_hostname", "sha1.localhost"])
        #expect(result.passed, "\(result.output)")
        // At security level 1, OpenSSL 3 refuses the digest: the defect is there.
        let strict = try verify(issued, in: workspace, options: ["-auth_level", "1"])
        #expect(!strict.passed)
        #expect(strict.output.contains("digest algorithm too weak"), "\(strict.output)")
        // The stand-in swift-certificates holds is the same certificate signed with SHA-256.
        #expect(issued.certificate.derBytes != issued.certificateDER)
        #expect(issued.certificate.signatureAlgorithm == .ecdsaWithSHA256)
        let sent = try workspace.text(ofCertificate: issued.certificatePEM)
        let standIn = try workspace.text(ofCertificate: issued.certificate.pemText)
        let body = { (text: String) in text.split(separator: "\n").prefix { !$0.contains("Signature Value") }.map(String.init) }
        #expect(body(sent.replacingOccurrences(of: "ecdsa-with-SHA1", with: "ecdsa-with-SHA256")) == body(standIn))
        // Read back from the folder, it is the same.
        let reloaded = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: "sha1", kind: .sha1Signature, host: "sha1.localhost")
        #expect(reloaded.certificateDER == issued.certificateDER)
        #expect(reloaded.certificate.serialNumber == issued.certificate.serialNumber)
        #expect(reloaded.privateKeyPEM == issued.privateKeyPEM)
    }

    @Test(arguments: [1024, 2048])
    func rsaHasItsKeySizeAndKeyEncipherment(_ bits: Int) throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        try checkRSA(bits: bits, authority: authority, in: workspace)
    }

    /// Alone, as its key takes about a second to make.
    @Test func rsa4096HasItsKeySize() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        try checkRSA(bits: 4096, authority: authority, in: workspace)
    }

    @Test func ecdsaP384HasAP384Key() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let issued = try authority.scenarioCertificate(named: "ecdsa-p384", kind: .ecdsaP384, host: "ecdsa-p384.localhost")
        #expect(P384.Signing.PublicKey(issued.certificate.publicKey) != nil)
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        #expect(text.contains("ASN1 OID: secp384r1"), "\(text)")
        #expect(text.contains("Public-Key: (384 bit)"), "\(text)")
        #expect(issued.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        try expectKeyMatches(issued, in: workspace)
        let result = try verify(issued, in: workspace, options: ["-verify_hostname", "ecdsa-p384.localhost"])
        #expect(result.passed, "\(result.output)")
        let reloaded = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: "ecdsa-p384", kind: .ecdsaP384, host: "ecdsa-p384.localhost")
        #expect(reloaded.certificateDER == issued.certificateDER)
    }

    @Test func manySubjectAlternativeNamesHasAThousandNames() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let host = "many-sans.localhost"
        let issued = try authority.scenarioCertificate(named: "many-sans", kind: .manySubjectAlternativeNames(1000), host: host)
        let names = try #require(try issued.certificate.extensions.subjectAlternativeNames.map(Array.init))
        #expect(names.count == 1000)
        #expect(names.first == .dnsName(host))
        #expect(names.last == .dnsName("n999." + host))
        #expect(Set(names).count == 1000)
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        #expect(text.components(separatedBy: "DNS:").count - 1 == 1000)
        for name in [host, "n1." + host, "n999." + host] {
            let result = try verify(issued, in: workspace, options: ["-verify_hostname", name])
            #expect(result.passed, "\(name): \(result.output)")
        }
        #expect(try !verify(issued, in: workspace, options: ["-verify_hostname", "n1000." + host]).passed)
    }

    @Test func differentKeyIsValidWithAnotherKey() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let valid = try authority.scenarioCertificate(named: "pinned", kind: .valid, host: "pinned.localhost")
        let different = try authority.scenarioCertificate(named: "different-key", kind: .differentKey, host: "pinned.localhost")
        #expect(different.certificate.publicKeyPin != valid.certificate.publicKeyPin)
        #expect(different.privateKeyPEM != valid.privateKeyPEM)
        for issued in [valid, different] {
            let result = try verify(issued, in: workspace, options: ["-verify_hostname", "pinned.localhost"])
            #expect(result.passed, "\(result.output)")
        }
        let spki = try [valid, different].map { issued in
            try CertificateWorkspace.run("/bin/sh", ["-c", "openssl x509 -in '\(try workspace.write(issued.certificatePEM, to: UUID().uuidString))' -noout -pubkey"]).output
        }
        #expect(spki[0] != spki[1])
        // The pinned one stays: asking for the other kind did not touch it.
        #expect(try authority.scenarioCertificate(named: "pinned", kind: .valid, host: "pinned.localhost").certificateDER == valid.certificateDER)
    }

    // MARK: - Kept in the CA's folder

    @Test func keptOnDiskWithOwnerOnlyKeysAndReadBackByANewAuthority() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let first = try authority.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        let again = try authority.scenarioCertificate(named: "valid", kind: .valid, host: "VALID.localhost.")
        #expect(again.certificateDER == first.certificateDER)
        #expect(again.privateKeyPEM == first.privateKeyPEM)

        let folder = workspace.caFolder + "/scenarios"
        #expect(try mode(of: folder) == 0o700)
        #expect(try mode(of: folder + "/valid.key") == 0o600)
        #expect(try mode(of: folder + "/valid.crt") == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["valid.crt", "valid.json", "valid.key"])
        #expect(try String(contentsOfFile: folder + "/valid.crt", encoding: .utf8) == first.chainPEM)
        #expect(try String(contentsOfFile: folder + "/valid.key", encoding: .utf8) == first.privateKeyPEM)

        let reloaded = try CertificateAuthority.load(from: workspace.caFolder)
        let read = try reloaded.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        #expect(read.certificateDER == first.certificateDER)
        #expect(read.privateKeyPEM == first.privateKeyPEM)
        #expect(read.chain == first.chain)
        #expect(read.certificate.publicKeyPin == first.certificate.publicKeyPin)

        // Every kind reads back as it was written.
        let kinds: [(String, ScenarioCertificateKind)] = [
            ("expired", .expired), ("not-yet-valid", .notYetValid), ("self-signed", .selfSigned), ("untrusted-root", .untrustedRoot),
            ("wrong-host", .wrongHost("other.localhost")), ("incomplete-chain", .incompleteChain), ("no-san", .noSubjectAlternativeName),
            ("sha1", .sha1Signature), ("ecdsa-p384", .ecdsaP384), ("many-sans", .manySubjectAlternativeNames(3)), ("different-key", .differentKey),
        ]
        for (name, kind) in kinds {
            let made = try authority.scenarioCertificate(named: name, kind: kind, host: name + ".localhost")
            let back = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: name, kind: kind, host: name + ".localhost")
            #expect(back.certificateDER == made.certificateDER, "\(name)")
            #expect(back.chain == made.chain, "\(name)")
            #expect(back.privateKeyPEM == made.privateKeyPEM, "\(name)")
            #expect(try mode(of: folder + "/" + name + ".key") == 0o600)
        }
    }

    @Test func anotherKindHostOrCAMakesItAnew() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let first = try authority.scenarioCertificate(named: "scenario", kind: .valid, host: "one.localhost")
        let otherHost = try authority.scenarioCertificate(named: "scenario", kind: .valid, host: "two.localhost")
        #expect(otherHost.certificateDER != first.certificateDER)
        #expect(try otherHost.certificate.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName("two.localhost")])
        let otherKind = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: "scenario", kind: .incompleteChain, host: "two.localhost")
        #expect(otherKind.certificateDER != otherHost.certificateDER)
        #expect(otherKind.chain.isEmpty)

        // The files of another CA's scenario are not taken for this CA's.
        let other = try CertificateAuthority.loadOrCreate(in: workspace.path + "/other")
        let foreign = try other.scenarioCertificate(named: "scenario", kind: .incompleteChain, host: "two.localhost")
        try FileManager.default.removeItem(atPath: workspace.caFolder + "/scenarios")
        try FileManager.default.copyItem(atPath: workspace.path + "/other/scenarios", toPath: workspace.caFolder + "/scenarios")
        let remade = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: "scenario", kind: .incompleteChain, host: "two.localhost")
        #expect(remade.certificateDER != foreign.certificateDER)
        let result = try workspace.verify(
            leafPEM: remade.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: workspace.caFolder + "/intermediate.pem")
        #expect(result.passed, "\(result.output)")
    }

    @Test func aLeafNearItsEndIsMadeAnew() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let now = Date()
        let valid = try authority.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost", now: now)
        #expect(try authority.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost", now: now + 800 * 86_400).certificateDER == valid.certificateDER)
        let renewed = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(
            named: "valid", kind: .valid, host: "valid.localhost", now: now + 824 * 86_400)
        #expect(renewed.certificateDER != valid.certificateDER)
        #expect(renewed.certificate.notValidAfter > now + 1600 * 86_400)

        let notYet = try authority.scenarioCertificate(named: "not-yet-valid", kind: .notYetValid, host: "not-yet-valid.localhost", now: now)
        #expect(try authority.scenarioCertificate(named: "not-yet-valid", kind: .notYetValid, host: "not-yet-valid.localhost", now: now + 86_400).certificateDER == notYet.certificateDER)
        let stillNotYet = try authority.scenarioCertificate(named: "not-yet-valid", kind: .notYetValid, host: "not-yet-valid.localhost", now: now + 29.5 * 86_400)
        #expect(stillNotYet.certificateDER != notYet.certificateDER)
        #expect(stillNotYet.certificate.notValidBefore > now + 59 * 86_400)
    }

    @Test func rotatingOrDeletingTheCARemovesTheScenarios() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        let before = try authority.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        _ = try authority.scenarioCertificate(named: "sha1", kind: .sha1Signature, host: "sha1.localhost")
        let rotated = try CertificateAuthority.rotate(in: workspace.caFolder)
        #expect(!FileManager.default.fileExists(atPath: workspace.caFolder + "/scenarios"))
        let after = try rotated.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        #expect(after.certificateDER != before.certificateDER)
        #expect(after.certificate.publicKeyPin != before.certificate.publicKeyPin)
        #expect(after.chain == [rotated.intermediate])
        let result = try verify(after, in: workspace)
        #expect(result.passed, "\(result.output)")

        // A temporary file left by a write that was cut off goes too; a file of someone else's stays.
        #expect(FileManager.default.createFile(atPath: workspace.caFolder + "/scenarios/valid.crt.new-1f2e", contents: Data()))
        try CertificateAuthority.delete(in: workspace.caFolder)
        #expect(!FileManager.default.fileExists(atPath: workspace.caFolder))

        _ = try CertificateAuthority.loadOrCreate(in: workspace.caFolder).scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        #expect(FileManager.default.createFile(atPath: workspace.caFolder + "/scenarios/notes.txt", contents: Data("mine".utf8)))
        try CertificateAuthority.delete(in: workspace.caFolder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.caFolder + "/scenarios") == ["notes.txt"])
    }

    @Test func aKeyReadableByOthersIsRefused() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        _ = try authority.scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        let key = workspace.caFolder + "/scenarios/valid.key"
        #expect(chmod(key, 0o644) == 0)
        #expect(throws: CertificateAuthorityError(.keyFileExposed, key, detail: "mode 644")) {
            try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: "valid", kind: .valid, host: "valid.localhost")
        }
    }

    @Test func invalidNamesHostsAndParametersAreRefused() throws {
        let workspace = try CertificateWorkspace()
        let authority = try CertificateAuthority.loadOrCreate(in: workspace.caFolder)
        for name in ["", "Valid", "a_b", "../valid", "a.b", "-valid", String(repeating: "a", count: 65)] {
            #expect(throws: CertificateAuthorityError(.invalidName, name)) {
                try authority.scenarioCertificate(named: name, kind: .valid, host: "valid.localhost")
            }
        }
        for host in ["", "bad host.localhost", "*.localhost", "a..localhost", "127.0.0.1"] {
            #expect(throws: CertificateAuthorityError(.invalidName, host)) {
                try authority.scenarioCertificate(named: "valid", kind: .valid, host: host)
            }
        }
        #expect(throws: CertificateAuthorityError(.nameNotPermitted, "example.com")) {
            try authority.scenarioCertificate(named: "valid", kind: .valid, host: "example.com")
        }
        #expect(throws: CertificateAuthorityError(.nameNotPermitted, "example.com")) {
            try authority.scenarioCertificate(named: "wrong-host", kind: .wrongHost("example.com"), host: "wrong-host.localhost")
        }
        let refused: [ScenarioCertificateKind] = [
            .rsa(bits: 1000), .rsa(bits: 512), .manySubjectAlternativeNames(0), .manySubjectAlternativeNames(10_001), .wrongHost("same.localhost"),
        ]
        for kind in refused {
            let error = #expect(throws: CertificateAuthorityError.self) {
                try authority.scenarioCertificate(named: "refused", kind: kind, host: "same.localhost")
            }
            #expect(error?.code == .invalidScenario)
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.caFolder + "/scenarios"))
    }

    // MARK: - Helpers

    /// An RSA leaf of `bits`: its key size, key usage, PKCS#8 key and chain, and the same key read back.
    private func checkRSA(bits: Int, authority: CertificateAuthority, in workspace: borrowing CertificateWorkspace) throws {
        let name = "rsa-\(bits)"
        let issued = try authority.scenarioCertificate(named: name, kind: .rsa(bits: bits), host: name + ".localhost")
        let text = try workspace.text(ofCertificate: issued.certificatePEM)
        #expect(text.contains("Public-Key: (\(bits) bit)"), "\(text)")
        #expect(text.contains("rsaEncryption"), "\(text)")
        #expect(text.contains("Digital Signature, Key Encipherment"), "\(text)")
        #expect(issued.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"), "\(issued.privateKeyPEM.prefix(40))")
        try expectKeyMatches(issued, in: workspace)
        let result = try verify(issued, in: workspace, options: ["-verify_hostname", name + ".localhost"])
        #expect(result.passed, "\(result.output)")
        #expect(try !issued.pkcs12(password: "s3cret", friendlyName: name).isEmpty)
        let reloaded = try CertificateAuthority.load(from: workspace.caFolder).scenarioCertificate(named: name, kind: .rsa(bits: bits), host: name + ".localhost")
        #expect(reloaded.certificateDER == issued.certificateDER)
        #expect(reloaded.privateKeyPEM == issued.privateKeyPEM)
    }

    /// `openssl pkey` reads the key, and its public key is the certificate's.
    private func expectKeyMatches(_ issued: IssuedCertificate, in workspace: borrowing CertificateWorkspace) throws {
        let key = try workspace.write(issued.privateKeyPEM, to: "key-\(UUID().uuidString).pem")
        let certificate = try workspace.write(issued.certificatePEM, to: "certificate-\(UUID().uuidString).pem")
        let fromKey = try CertificateWorkspace.run("/usr/bin/openssl", ["pkey", "-in", key, "-pubout"])
        let fromCertificate = try CertificateWorkspace.run("/usr/bin/openssl", ["x509", "-in", certificate, "-noout", "-pubkey"])
        #expect(fromKey.status == 0, "\(fromKey.output)")
        #expect(fromKey.output == fromCertificate.output)
    }

    /// `openssl verify` of the leaf against the CA's root with its chain as untrusted.
    private func verify(_ issued: IssuedCertificate, in workspace: borrowing CertificateWorkspace, options: [String] = []) throws -> (passed: Bool, output: String) {
        let chain = issued.chain.isEmpty ? nil : try workspace.write(issued.chain.map(\.pemText).joined(), to: "chain-\(UUID().uuidString).pem")
        return try workspace.verify(leafPEM: issued.certificatePEM, root: workspace.caFolder + "/root.pem", intermediate: chain, options: options)
    }

    private func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return status.st_mode & 0o777
    }
}

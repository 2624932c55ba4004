import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// The defect (or the kind) of one scenario's certificate: a server presents each on its own name
/// under `localhost` so that a client's trust code can be tried against it, as badssl.com does.
///
/// Every leaf but ``selfSigned`` and ``untrustedRoot`` is signed by the CA's intermediate, and
/// each has the extensions of ``CertificateAuthority/issueLeaf(for:now:)`` (not a CA, key usage
/// for signatures, extended key usage `serverAuth`, the key identifiers) and one defect at most:
/// a client that trusts the root refuses it for that defect only.
public enum ScenarioCertificateKind: Sendable, Hashable {
    /// A P-256 leaf for the host, with the intermediate as its chain: the certificate a client
    /// that trusts the root accepts.
    case valid
    /// A leaf for the host whose validity ended a day ago (it started 400 days ago).
    case expired
    /// A leaf for the host whose validity starts in 30 days (and ends in 400).
    case notYetValid
    /// A leaf for the host signed by its own key, with no chain; not a CA.
    case selfSigned
    /// A leaf for the host from a throwaway root and intermediate (with the CA's name
    /// constraints) that no one trusts; its chain is that intermediate, the root is discarded.
    case untrustedRoot
    /// A leaf for the given DNS name (one the CA's constraints permit, no wildcard, not the
    /// host), served at the host: its chain verifies, its name does not match.
    case wrongHost(String)
    /// A leaf for the host whose chain is empty: the intermediate is not sent, so a client that
    /// neither caches it nor fetches it cannot build the path to the root.
    case incompleteChain
    /// A leaf naming the host only in its subject's common name, with no subject alternative
    /// name extension, which browsers and most TLS libraries refuse.
    case noSubjectAlternativeName
    /// A leaf for the host signed ecdsa-with-SHA1 by the intermediate (which has a P-256 key, so
    /// not sha1WithRSAEncryption). swift-certificates cannot hold such a certificate: the
    /// ``IssuedCertificate/certificate`` returned is a stand-in signed with SHA-256,
    /// ``IssuedCertificate/certificateDER`` (and the PEM) the certificate sent.
    case sha1Signature
    /// A leaf for the host with an RSA key of `bits` (1024, 2048, 3072 or 4096), whose key usage
    /// also allows key encipherment, for static RSA key exchange. A 4096-bit key takes about a
    /// second to make.
    case rsa(bits: Int)
    /// A leaf for the host with a P-384 key.
    case ecdsaP384
    /// A leaf naming, in this order, the host and as many more names under it as make the count
    /// (1 to 10,000): `n1.<host>`, `n2.<host>`, and so on.
    case manySubjectAlternativeNames(Int)
    /// A leaf for the host like ``valid`` with a key of its own: the one a client that pinned
    /// ``valid``'s key must refuse.
    case differentKey
}

extension ScenarioCertificateKind {
    /// The RSA key sizes a leaf is made with.
    static let rsaKeySizes: Set<Int> = [1024, 2048, 3072, 4096]
    /// The most names a ``manySubjectAlternativeNames(_:)`` leaf has.
    static let maxAlternativeNames = 10_000

    /// The kind's name in a scenario's record: `valid`, `rsa-2048`, `wrong-host:other.localhost`…
    var identifier: String {
        switch self {
        case .valid: "valid"
        case .expired: "expired"
        case .notYetValid: "not-yet-valid"
        case .selfSigned: "self-signed"
        case .untrustedRoot: "untrusted-root"
        case .wrongHost(let name): "wrong-host:" + name
        case .incompleteChain: "incomplete-chain"
        case .noSubjectAlternativeName: "no-subject-alternative-name"
        case .sha1Signature: "sha1-signature"
        case .rsa(let bits): "rsa-" + String(bits)
        case .ecdsaP384: "ecdsa-p384"
        case .manySubjectAlternativeNames(let count): "many-subject-alternative-names-" + String(count)
        case .differentKey: "different-key"
        }
    }

    /// Whether the leaf may name the loopback names beside its host: not when its defect is its names.
    var namesLoopback: Bool {
        switch self {
        case .wrongHost, .noSubjectAlternativeName: false
        default: true
        }
    }

    /// Whether the intermediate signs the leaf.
    var isIssuedByIntermediate: Bool {
        switch self {
        case .selfSigned, .untrustedRoot: false
        default: true
        }
    }

    /// Whether `certificate`, made earlier, is still what the kind asks for at `now`:
    /// expired, not yet valid for a day more, or valid for a day more.
    func isCurrent(_ certificate: Certificate, at now: Date) -> Bool {
        let day: TimeInterval = 86_400
        switch self {
        case .expired: return certificate.notValidAfter < now
        case .notYetValid: return certificate.notValidBefore > now + day
        default: return certificate.notValidBefore <= now && certificate.notValidAfter > now + day
        }
    }
}

/// A scenario certificate that was read or made, and what for.
struct ScenarioEntry: Sendable {
    /// Its kind.
    let kind: ScenarioCertificateKind
    /// The host it is served at.
    let host: String
    /// Whether it also names the loopback names.
    let loopback: Bool
    /// The certificate.
    let issued: IssuedCertificate
}

extension CertificateAuthority {
    /// The certificate of scenario `name`, for `host`: read from the CA's folder (its `scenarios`
    /// folder, see below) when it is there and still matches — same kind, same host, made by this
    /// CA (the intermediate that signs it, or that was current when a self-signed or untrusted
    /// leaf was made, is this CA's), the key the certificate's, and valid (or expired, or not yet
    /// valid) for a day more — otherwise made and written there. It stays the same across
    /// restarts, so that a key a client pinned stays the same, until the CA is rotated
    /// (``rotate(in:permitting:now:)`` and ``delete(in:)`` remove the scenario certificates) or
    /// the leaf nears the end of its validity (824 days at most, as for ``issueLeaf(for:now:)``).
    ///
    /// The scenario's files are `name.crt` (the leaf then its chain in PEM, mode 0644),
    /// `name.key` (the key in PKCS#8 PEM, mode 0600; one that others may read is refused with
    /// ``CertificateAuthorityError/Code/keyFileExposed``) and `name.json` (what it was made for),
    /// in a folder of mode 0700. Nothing is made before it is asked for: an RSA 4096 key takes a
    /// second. Calls are serialized.
    ///
    /// - Parameters:
    ///   - name: The scenario's slug: 1 to 64 lower-case letters, digits and `-`, not starting
    ///     with `-` (it names the files); else ``CertificateAuthorityError/Code/invalidName``.
    ///   - kind: The certificate's defect.
    ///   - host: The DNS name the certificate is served at, such as `expired.localhost` or an IDN
    ///     in its punycode form (`xn--bcher-kva.localhost`); not a DNS name or a wildcard:
    ///     ``CertificateAuthorityError/Code/invalidName``; outside ``permittedNames``:
    ///     ``CertificateAuthorityError/Code/nameNotPermitted``.
    ///   - loopback: Whether the leaf also names `localhost`, `127.0.0.1` and `::1`, so that the
    ///     scenario's own port serves it to clients that connect to those: every kind but
    ///     ``ScenarioCertificateKind/wrongHost(_:)`` and
    ///     ``ScenarioCertificateKind/noSubjectAlternativeName``, whose defect is their names.
    ///   - now: The time the certificate's validity is reckoned from.
    /// - Returns: The leaf, its key and the chain the server sends after it.
    public func scenarioCertificate(
        named name: String, kind: ScenarioCertificateKind, host: String, loopback: Bool = false, now: Date = Date()
    ) throws(CertificateAuthorityError) -> IssuedCertificate {
        guard ScenarioFolder.isScenarioName(name) else { throw CertificateAuthorityError(.invalidName, name) }
        let host = try scenarioName(host)
        let kind = try checkedScenario(kind, host: host)
        let loopback = loopback && kind.namesLoopback
        let record = ScenarioFolder.Record(
            kind: kind.identifier, host: host, intermediate: intermediate.sha256Fingerprint, loopback: loopback ? true : nil)
        return try scenarios.withLock { cache throws(CertificateAuthorityError) -> IssuedCertificate in
            if let entry = cache[name], entry.kind == kind, entry.host == host, entry.loopback == loopback,
                kind.isCurrent(entry.issued.certificate, at: now)
            {
                return entry.issued
            }
            let storage = ScenarioFolder(authorityFolder: folder)
            let issued: IssuedCertificate
            if let stored = try storage.read(name), stored.record == record,
                let read = storedScenario(stored, kind: kind, names: Self.scenarioNames(host, loopback: loopback)),
                kind.isCurrent(read.certificate, at: now)
            {
                issued = read
            } else {
                issued = try makeScenario(kind, host: host, loopback: loopback, now: now)
                try storage.write(name, chainPEM: issued.chainPEM, keyPEM: issued.privateKeyPEM, record: record)
            }
            if cache.count >= Self.maxCachedLeaves { cache.removeAll() }
            cache[name] = ScenarioEntry(kind: kind, host: host, loopback: loopback, issued: issued)
            return issued
        }
    }

    /// Whether scenario `name`'s files are in the folder (whether they still fit is checked when
    /// the certificate is asked for): a server makes the missing ones ahead of need, and leaves
    /// the others to be read when a client first reaches their scenario.
    public func hasStoredScenarioCertificate(named name: String) -> Bool {
        guard ScenarioFolder.isScenarioName(name) else { return false }
        let storage = ScenarioFolder(authorityFolder: folder)
        return ScenarioFolder.Suffix.allCases.allSatisfy { access(storage.path(of: name, $0), F_OK) == 0 }
    }

    /// `text` as a scenario's host or wrong name: lower case, without a trailing dot, a DNS name
    /// (no wildcard, no IP address) that the CA's constraints permit.
    private func scenarioName(_ text: String) throws(CertificateAuthorityError) -> String {
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard PermittedNames.isDNSName(name, allowingWildcard: false), IPRange.addressBytes(name) == nil else {
            throw CertificateAuthorityError(.invalidName, text)
        }
        guard permittedNames.permits(dnsName: name) else { throw CertificateAuthorityError(.nameNotPermitted, text) }
        return name
    }

    /// `kind` with its name in the form ``scenarioName(_:)`` gives it, when its parameters are
    /// ones a certificate is made with.
    private func checkedScenario(_ kind: ScenarioCertificateKind, host: String) throws(CertificateAuthorityError) -> ScenarioCertificateKind {
        switch kind {
        case .wrongHost(let other):
            let name = try scenarioName(other)
            guard name != host else { throw CertificateAuthorityError(.invalidScenario, kind.identifier, detail: "the wrong host is the host") }
            return .wrongHost(name)
        case .rsa(let bits):
            guard ScenarioCertificateKind.rsaKeySizes.contains(bits) else {
                throw CertificateAuthorityError(.invalidScenario, kind.identifier, detail: "RSA keys have 1024, 2048, 3072 or 4096 bits")
            }
        case .manySubjectAlternativeNames(let count):
            guard (1...ScenarioCertificateKind.maxAlternativeNames).contains(count) else {
                throw CertificateAuthorityError(.invalidScenario, kind.identifier, detail: "a leaf has 1 to 10000 names")
            }
            // The longest name, n9999.<host>, must be a DNS name too.
            guard count == 1 || PermittedNames.isDNSName("n" + String(count - 1) + "." + host, allowingWildcard: false) else {
                throw CertificateAuthorityError(.invalidName, host, detail: "too long to add labels to")
            }
        default:
            break
        }
        return kind
    }

    /// The alternative names of a leaf for `host`, with the loopback names when asked.
    private static func scenarioNames(_ host: String, loopback: Bool) -> [GeneralName] {
        guard loopback else { return [.dnsName(host)] }
        let local: [UInt8] = [127, 0, 0, 1]
        let v6: [UInt8] = Array(repeating: 0, count: 15) + [1]
        return [.dnsName(host)] + (host == "localhost" ? [] : [.dnsName("localhost")])
            + [.ipAddress(ASN1OctetString(contentBytes: local[...])), .ipAddress(ASN1OctetString(contentBytes: v6[...]))]
    }

    /// A new certificate of `kind` for `host`.
    private func makeScenario(
        _ kind: ScenarioCertificateKind, host: String, loopback: Bool, now: Date
    ) throws(CertificateAuthorityError) -> IssuedCertificate {
        let served = Self.scenarioNames(host, loopback: loopback)
        let day: TimeInterval = 86_400
        let notValidBefore = now - CertificateIssuer.backdating
        let notValidAfter = notValidBefore + CertificateIssuer.leafLifetime
        let names: [GeneralName]
        var chain = [intermediate]
        var validity = (notValidBefore, notValidAfter)
        switch kind {
        case .selfSigned:
            let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
            let leaf = try CertificateIssuer.selfSignedLeaf(
                key: key, commonName: host, alternativeNames: served, usage: .serverAuth,
                notValidBefore: notValidBefore, notValidAfter: notValidAfter)
            return IssuedCertificate(certificate: leaf, chain: [], privateKey: key)
        case .untrustedRoot:
            let root = try CertificateIssuer.selfSigned(commonName: "Boomerang Untrusted Root CA", pathLength: 1, permitted: permittedNames, now: now)
            let issuer = try root.issueAuthority(commonName: "Boomerang Untrusted Intermediate CA", permitted: permittedNames, usage: .serverAuth, now: now)
            return try scenarioLeaf(
                from: issuer, key: Certificate.PrivateKey(P256.Signing.PrivateKey()), commonName: host, names: served,
                validity: validity, chain: [issuer.certificate])
        case .expired:
            names = served
            validity = (now - 400 * day, now - day)
        case .notYetValid:
            names = served
            validity = (now + 30 * day, now + 400 * day)
        case .wrongHost(let other):
            return try scenarioLeaf(
                from: serverIssuer, key: Certificate.PrivateKey(P256.Signing.PrivateKey()), commonName: other, names: [.dnsName(other)],
                validity: validity, chain: chain)
        case .incompleteChain:
            names = served
            chain = []
        case .noSubjectAlternativeName:
            names = []
        case .sha1Signature:
            let leaf = try scenarioLeaf(
                from: serverIssuer, key: Certificate.PrivateKey(P256.Signing.PrivateKey()), commonName: host, names: served,
                validity: validity, chain: chain)
            let signingKey = try serverIssuer.p256Key
            let der: [UInt8]
            do {
                der = try CertificateDER.resigned(leaf.certificate.derBytes, over: .sha1, by: signingKey)
            } catch {
                throw CertificateAuthorityError(.signingFailed, host, detail: String(describing: error))
            }
            return IssuedCertificate(certificate: leaf.certificate, certificateDER: der, chain: leaf.chain, privateKey: leaf.privateKey)
        case .rsa(let bits):
            let key: _RSA.Signing.PrivateKey
            do {
                // 1024 bits only through the unsafe initializer; the same key either way.
                key = try _RSA.Signing.PrivateKey(unsafeKeySize: _RSA.Signing.KeySize(bitCount: bits))
            } catch {
                throw CertificateAuthorityError(.signingFailed, host, detail: String(describing: error))
            }
            return try scenarioLeaf(
                from: serverIssuer, key: Certificate.PrivateKey(key), commonName: host, names: served, keyEncipherment: true,
                validity: validity, chain: chain)
        case .ecdsaP384:
            return try scenarioLeaf(
                from: serverIssuer, key: Certificate.PrivateKey(P384.Signing.PrivateKey()), commonName: host, names: served,
                validity: validity, chain: chain)
        case .manySubjectAlternativeNames(let count):
            var many: [GeneralName] = [.dnsName(host)]
            for index in 1..<count { many.append(.dnsName("n\(index).\(host)")) }
            names = many + served.dropFirst()
        case .valid, .differentKey:
            names = served
        }
        return try scenarioLeaf(
            from: serverIssuer, key: Certificate.PrivateKey(P256.Signing.PrivateKey()), commonName: host, names: names,
            validity: validity, chain: chain)
    }

    /// A leaf for `key` signed by `issuer`, named `commonName` and the alternative names `names`.
    private func scenarioLeaf(
        from issuer: CertificateIssuer, key: Certificate.PrivateKey, commonName: String, names: [GeneralName], keyEncipherment: Bool = false,
        validity: (Date, Date), chain: [Certificate]
    ) throws(CertificateAuthorityError) -> IssuedCertificate {
        let leaf = try issuer.signLeaf(
            publicKey: key.publicKey, commonName: commonName, alternativeNames: names, usage: .serverAuth,
            keyEncipherment: keyEncipherment, notValidBefore: validity.0, notValidAfter: validity.1)
        return IssuedCertificate(certificate: leaf, chain: chain, privateKey: key)
    }

    /// The stored scenario, when its files parse, its key is its certificate's, and the leaf
    /// and chain are what `kind` makes with this CA; nil otherwise (it is then made again).
    private func storedScenario(_ stored: ScenarioFolder.Stored, kind: ScenarioCertificateKind, names: [GeneralName]) -> IssuedCertificate? {
        guard let documents = try? PEMDocument.parseMultiple(pemString: stored.chainPEM), let leafDocument = documents.first,
            documents.allSatisfy({ $0.discriminator == "CERTIFICATE" }),
            let chain = try? documents.dropFirst().map({ document in try Certificate(derEncoded: document.derBytes) }),
            let key = Self.scenarioKey(stored.keyPEM)
        else { return nil }
        let certificateDER = leafDocument.derBytes
        let certificate: Certificate
        if case .rsa = kind, (try? Certificate(derEncoded: certificateDER)) == nil {
            // An RSA key under 2048 bits, which swift-certificates does not read.
            guard let rebuilt = rebuiltLeaf(certificateDER, key: key, names: names) else { return nil }
            certificate = rebuilt
        } else if kind == .sha1Signature {
            // Checked here, then read through a stand-in signed with SHA-256.
            guard let intermediateKey = P256.Signing.PublicKey(intermediate.publicKey),
                CertificateDER.isSigned(certificateDER, over: .sha1, by: intermediateKey),
                let signingKey = try? serverIssuer.p256Key,
                let standIn = try? CertificateDER.resigned(certificateDER, over: .sha256, by: signingKey),
                let parsed = try? Certificate(derEncoded: standIn)
            else { return nil }
            certificate = parsed
        } else {
            guard let parsed = try? Certificate(derEncoded: certificateDER) else { return nil }
            certificate = parsed
        }
        guard key.publicKey == certificate.publicKey else { return nil }
        let signer: Certificate
        switch kind {
        case .selfSigned:
            guard chain.isEmpty else { return nil }
            signer = certificate
        case .untrustedRoot:
            guard chain.count == 1, chain[0] != intermediate else { return nil }
            signer = chain[0]
        case .incompleteChain:
            guard chain.isEmpty else { return nil }
            signer = intermediate
        default:
            guard chain == [intermediate] else { return nil }
            signer = intermediate
        }
        guard certificate.issuer == signer.subject, signer.publicKey.isValidSignature(certificate.signature, for: certificate) else { return nil }
        return IssuedCertificate(certificate: certificate, certificateDER: certificateDER, chain: chain, privateKey: key)
    }

    /// The stored RSA leaf `der`, whose key (under 2048 bits) swift-certificates does not read,
    /// made again as ``makeScenario(_:host:now:)`` made it for `host` and `key`, with its serial
    /// number and validity, and its signature replayed in place of a new one. Nil unless that
    /// gives back `der` byte for byte.
    private func rebuiltLeaf(_ der: [UInt8], key: Certificate.PrivateKey, names: [GeneralName]) -> Certificate? {
        guard let parts = try? CertificateDER.Parts(der), let serialNumber = try? parts.serialNumber, let validity = try? parts.validity else {
            return nil
        }
        let signer = ReplayedSignature(publicKey: intermediate.publicKey, tbsCertificate: Array(parts.tbs.encodedBytes), signature: Array(parts.signature))
        guard
            let rebuilt = try? serverIssuer.signLeaf(
                publicKey: key.publicKey, commonName: names.first.flatMap { if case .dnsName(let host) = $0 { host } else { nil } } ?? "",
                alternativeNames: names, usage: .serverAuth, keyEncipherment: true,
                notValidBefore: validity.notValidBefore, notValidAfter: validity.notValidAfter,
                serialNumber: serialNumber, signer: Certificate.PrivateKey(signer)),
            rebuilt.derBytes == der
        else { return nil }
        return rebuilt
    }

    /// A stored key in PKCS#8 PEM: swift-certificates reads EC keys and RSA keys of 2048 bits or
    /// more, swift-crypto's unsafe initializer the RSA keys of 1024.
    private static func scenarioKey(_ pem: String) -> Certificate.PrivateKey? {
        if let key = try? Certificate.PrivateKey(pemEncoded: pem) { return key }
        guard let document = try? PEMDocument(pemString: pem), document.discriminator == "PRIVATE KEY",
            let key = try? _RSA.Signing.PrivateKey(unsafeDERRepresentation: document.derBytes)
        else { return nil }
        return Certificate.PrivateKey(key)
    }
}

import BoomerangRuntime
import Crypto
import Foundation
import SwiftASN1
import X509

/// Boomerang's local certificate authority, kept in a folder:
///
/// - a root (self-signed, CA, path length 1) and an issuing intermediate (CA, path length 0,
///   extended key usage `serverAuth`), both with critical name constraints (``PermittedNames``),
///   so that a device that trusts the root trusts it for `localhost`, loopback addresses and the
///   names the user added, and for no other site. The root's key signs the intermediate once and
///   is never written;
/// - a separate self-signed client CA, which signs client certificates for mutual-TLS tests and
///   is what the server trusts for them: it never needs to be installed anywhere.
///
/// The intermediate issues a leaf for each server name on demand (``issueLeaf(for:now:)``), kept
/// in memory, and the certificates of the TLS test scenarios (``scenarioCertificate(named:kind:host:now:)``),
/// kept in the folder's `scenarios` folder. The folder has mode 0700, the key files 0600; a key
/// file that others may read is refused.
public final class CertificateAuthority: Sendable {
    /// The folder the CA is kept in.
    public let folder: String
    /// The root certificate: the one to install as trusted.
    public let root: Certificate
    /// The intermediate certificate, which signs the leaves; a server sends it after the leaf.
    public var intermediate: Certificate { serverIssuer.certificate }
    /// The client CA certificate, which signs the client certificates and which a server asking
    /// for client certificates trusts.
    public var clientAuthority: Certificate { clientIssuer.certificate }
    /// The names the CA issues leaves for, read from the intermediate's name constraints.
    public let permittedNames: PermittedNames

    /// The intermediate and its key.
    let serverIssuer: CertificateIssuer
    private let clientIssuer: CertificateIssuer
    private let leaves = Locked<[String: IssuedCertificate]>([:])
    /// The scenario certificates read or made, by scenario name; the lock is held while one is
    /// read or made, so that two callers never make the same one.
    let scenarios = Locked<[String: ScenarioEntry]>([:])

    /// The most leaves kept in memory; the cache starts over when it is full (names under
    /// `localhost` are endless, and each costs a key).
    public static let maxCachedLeaves = 1024

    private init(folder: String, root: Certificate, serverIssuer: CertificateIssuer, clientIssuer: CertificateIssuer) {
        self.folder = folder
        self.root = root
        self.serverIssuer = serverIssuer
        self.clientIssuer = clientIssuer
        self.permittedNames = PermittedNames((try? serverIssuer.certificate.extensions.nameConstraints) ?? NameConstraints())
    }

    /// The folder the CA lives in when no setting names one: `$XDG_DATA_HOME/boomerang/ca`, else
    /// `~/.local/share/boomerang/ca`.
    public static func defaultFolder(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/boomerang/ca"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/boomerang/ca"
    }

    /// The CA in `folder`, made there first when the folder has none of its files.
    ///
    /// - Parameter extraNames: Names to permit besides the loopback ones (see ``PermittedNames/init(adding:)``).
    ///   A stored CA whose constraints leave one out is refused with
    ///   ``CertificateAuthorityError/Code/permittedNamesChanged``: only ``rotate(in:permitting:now:)`` changes them.
    public static func loadOrCreate(in folder: String, permitting extraNames: [String] = [], now: Date = Date()) throws(CertificateAuthorityError) -> CertificateAuthority {
        let permitted = try PermittedNames(adding: extraNames)
        let state = StateFolder(path: folder)
        let authority = try state.withLock(makingFolder: state.presentFiles().isEmpty) { () throws(CertificateAuthorityError) in
            guard !state.presentFiles().isEmpty else { return try create(in: state, permitted: permitted, now: now) }
            return try loadUnlocked(from: state)
        }
        guard authority.permittedNames.covers(permitted) else {
            throw CertificateAuthorityError(.permittedNamesChanged, authority.permittedNames.missing(from: permitted))
        }
        return authority
    }

    /// The CA stored in `folder`; throws ``CertificateAuthorityError/Code/notCreated`` when there is none.
    public static func load(from folder: String) throws(CertificateAuthorityError) -> CertificateAuthority {
        let state = StateFolder(path: folder)
        return try state.withLock(makingFolder: false) { () throws(CertificateAuthorityError) in try loadUnlocked(from: state) }
    }

    private static func loadUnlocked(from state: StateFolder) throws(CertificateAuthorityError) -> CertificateAuthority {
        let folder = state.path
        let present = state.presentFiles()
        guard !present.isEmpty else { throw CertificateAuthorityError(.notCreated, folder) }
        if let missing = StateFolder.File.allCases.first(where: { !present.contains($0) }) {
            throw CertificateAuthorityError(.incompleteState, state.path(of: missing))
        }
        let root = try certificate(in: state, .root)
        let serverIssuer = try issuer(in: state, .intermediate, key: .intermediateKey)
        let clientIssuer = try issuer(in: state, .clientAuthority, key: .clientAuthorityKey)
        return CertificateAuthority(folder: folder, root: root, serverIssuer: serverIssuer, clientIssuer: clientIssuer)
    }

    /// Replaces the CA in `folder` with a new one (new keys, new fingerprints): every device that
    /// trusted the old root must be given the new one. The scenario certificates are removed, to
    /// be made again by the new CA.
    public static func rotate(in folder: String, permitting extraNames: [String] = [], now: Date = Date()) throws(CertificateAuthorityError) -> CertificateAuthority {
        let permitted = try PermittedNames(adding: extraNames)
        let state = StateFolder(path: folder)
        return try state.withLock(makingFolder: true) { () throws(CertificateAuthorityError) in
            try state.remove(folderToo: false)
            return try create(in: state, permitted: permitted, now: now)
        }
    }

    /// Removes the CA's files and its scenario certificates from `folder`, and the folder when
    /// nothing else is in it.
    public static func delete(in folder: String) throws(CertificateAuthorityError) {
        let state = StateFolder(path: folder)
        try state.withLock(makingFolder: false) { () throws(CertificateAuthorityError) in try state.remove(folderToo: true) }
    }

    /// Makes a new CA and writes it to `state`, whose lock the caller holds.
    private static func create(in state: StateFolder, permitted: PermittedNames, now: Date) throws(CertificateAuthorityError) -> CertificateAuthority {
        let root = try CertificateIssuer.selfSigned(commonName: "Boomerang Local Root CA", pathLength: 1, permitted: permitted, now: now)
        let serverIssuer = try root.issueAuthority(commonName: "Boomerang Local Intermediate CA", permitted: permitted, usage: .serverAuth, now: now)
        let clientIssuer = try CertificateIssuer.selfSigned(commonName: "Boomerang Client CA", pathLength: 0, permitted: nil, now: now)
        try state.create()
        try state.write(serverIssuer.key.pkcs8PEM, to: .intermediateKey)
        try state.write(clientIssuer.key.pkcs8PEM, to: .clientAuthorityKey)
        try state.write(serverIssuer.certificate.pemText, to: .intermediate)
        try state.write(clientIssuer.certificate.pemText, to: .clientAuthority)
        try state.write(root.certificate.pemText, to: .root)
        return CertificateAuthority(folder: state.path, root: root.certificate, serverIssuer: serverIssuer, clientIssuer: clientIssuer)
    }

    /// The certificate stored in `file`.
    private static func certificate(in state: StateFolder, _ file: StateFolder.File) throws(CertificateAuthorityError) -> Certificate {
        let text = try state.read(file)
        do {
            return try Certificate(pemEncoded: text)
        } catch {
            throw CertificateAuthorityError(.malformedFile, state.path(of: file), detail: String(describing: error))
        }
    }

    /// The CA stored in `file` with its key in `keyFile`, which must match its certificate.
    private static func issuer(in state: StateFolder, _ file: StateFolder.File, key keyFile: StateFolder.File) throws(CertificateAuthorityError) -> CertificateIssuer {
        let certificate = try certificate(in: state, file)
        let keyText = try state.read(keyFile)
        guard let key = try? Certificate.PrivateKey(pemEncoded: keyText) else {
            throw CertificateAuthorityError(.malformedFile, state.path(of: keyFile), detail: "not a private key")
        }
        guard key.publicKey == certificate.publicKey else {
            throw CertificateAuthorityError(.malformedFile, state.path(of: keyFile), detail: "the key is not the one of " + file.rawValue)
        }
        return CertificateIssuer(certificate: certificate, key: key)
    }
}

extension CertificateAuthority {
    /// A server certificate for `serverName` (a DNS name, as SNI gives it, or an IP address when
    /// the client sent none), signed by the intermediate, with the intermediate as its chain.
    ///
    /// The same leaf is returned for the same name until it is a day from expiring. A name
    /// outside ``permittedNames`` is refused (``CertificateAuthorityError/Code/nameNotPermitted``),
    /// since no client that checks name constraints would accept it.
    public func issueLeaf(for serverName: String, now: Date = Date()) throws(CertificateAuthorityError) -> IssuedCertificate {
        var name = serverName.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        let commonName: String
        let alternativeName: GeneralName
        if let address = IPRange.addressBytes(name) {
            guard permittedNames.permits(address: address) else { throw CertificateAuthorityError(.nameNotPermitted, serverName) }
            name = IPRange.text(ofAddress: address)
            // Not the address itself: OpenSSL checks a common name that looks like a host name against the DNS constraints.
            commonName = "Boomerang IP " + name
            alternativeName = .ipAddress(ASN1OctetString(contentBytes: address[...]))
        } else {
            guard PermittedNames.isDNSName(name, allowingWildcard: true) else { throw CertificateAuthorityError(.invalidName, serverName) }
            guard permittedNames.permits(dnsName: name) else { throw CertificateAuthorityError(.nameNotPermitted, serverName) }
            commonName = name
            alternativeName = .dnsName(name)
        }
        let fresh = now + 86_400
        if let cached = leaves.withLock({ $0[name] }), cached.certificate.notValidAfter > fresh {
            return cached
        }
        let leaf = try serverIssuer.issueLeaf(
            commonName: commonName, alternativeNames: [alternativeName], usage: .serverAuth, chain: [serverIssuer.certificate], now: now)
        return leaves.withLock { cache in
            if let cached = cache[name], cached.certificate.notValidAfter > fresh { return cached }
            if cache.count >= Self.maxCachedLeaves { cache.removeAll() }
            cache[name] = leaf
            return leaf
        }
    }

    /// A client certificate (extended key usage `clientAuth`) named `commonName`, signed by the
    /// client CA, for mutual-TLS tests; not kept.
    public func issueClientCertificate(commonName: String, now: Date = Date()) throws(CertificateAuthorityError) -> IssuedCertificate {
        try Self.checkCommonName(commonName)
        return try clientIssuer.issueLeaf(commonName: commonName, alternativeNames: [], usage: .clientAuth, chain: [], now: now)
    }

    /// A client certificate named `commonName` from a new throwaway CA that no server trusts, for
    /// the tests where a server must refuse a client certificate from the wrong CA. Its chain holds that CA.
    public static func untrustedClientCertificate(commonName: String, now: Date = Date()) throws(CertificateAuthorityError) -> IssuedCertificate {
        try checkCommonName(commonName)
        let authority = try CertificateIssuer.selfSigned(commonName: "Boomerang Untrusted Client CA", pathLength: 0, permitted: nil, now: now)
        return try authority.issueLeaf(commonName: commonName, alternativeNames: [], usage: .clientAuth, chain: [authority.certificate], now: now)
    }

    /// Refuses an empty common name, one over the 64 characters X.520 allows, or one with control characters.
    private static func checkCommonName(_ name: String) throws(CertificateAuthorityError) {
        guard !name.isEmpty, name.count <= 64, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw CertificateAuthorityError(.invalidName, name)
        }
    }
}

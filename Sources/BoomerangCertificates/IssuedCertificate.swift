import CBoomerangOpenSSL
import COpenSSL
import Foundation
import SwiftASN1
import X509

/// An end-entity certificate with its private key and the CA certificates between it and its
/// root: what a TLS server or client presents.
public struct IssuedCertificate: Sendable {
    /// The leaf certificate.
    ///
    /// For a ``ScenarioCertificateKind/sha1Signature`` leaf, which swift-certificates cannot hold
    /// (its `Certificate` reads no ecdsa-with-SHA1 signature), this is a stand-in: the same
    /// certificate (serial number, names, validity, key, extensions) signed by the same CA with
    /// ecdsa-with-SHA256, signed anew each time the leaf is read from its folder. What is sent,
    /// and what a fingerprint is taken of, is ``certificateDER``.
    public let certificate: Certificate
    /// The leaf in DER, as it is sent: ``certificate``'s DER, but for a
    /// ``ScenarioCertificateKind/sha1Signature`` leaf, the one signed with ecdsa-with-SHA1.
    public let certificateDER: [UInt8]
    /// The certificates a server sends after the leaf: the CAs that sign it, nearest first,
    /// without the root (which the peer trusts). Empty for a self-signed leaf, or for a scenario
    /// that leaves the intermediate out (``ScenarioCertificateKind/incompleteChain``).
    public let chain: [Certificate]
    /// The leaf's key: P-256, but P-384 or RSA for the scenarios that ask for them.
    public let privateKey: Certificate.PrivateKey

    /// A leaf whose DER is `certificate`'s.
    init(certificate: Certificate, chain: [Certificate], privateKey: Certificate.PrivateKey) {
        self.init(certificate: certificate, certificateDER: certificate.derBytes, chain: chain, privateKey: privateKey)
    }

    /// A leaf sent as `certificateDER`, which `certificate` stands in for.
    init(certificate: Certificate, certificateDER: [UInt8], chain: [Certificate], privateKey: Certificate.PrivateKey) {
        self.certificate = certificate
        self.certificateDER = certificateDER
        self.chain = chain
        self.privateKey = privateKey
    }

    /// The leaf's certificate in PEM (of ``certificateDER``).
    public var certificatePEM: String { PEMDocument(type: "CERTIFICATE", derBytes: certificateDER).pemString + "\n" }

    /// The leaf then its chain, each in PEM: what a server sends (`SSL_CTX_use_certificate_chain_file`).
    public var chainPEM: String { certificatePEM + chain.map(\.pemText).joined() }

    /// The key in PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), RSA keys included.
    public var privateKeyPEM: String { privateKey.pkcs8PEM }

    /// A PKCS#12 file (`.p12`) with the key, the certificate and its chain, encrypted with
    /// `password`, as Keychain, Android, Java and `curl --cert file.p12:password` import it.
    public func pkcs12(password: String, friendlyName: String) throws(CertificateAuthorityError) -> [UInt8] {
        // OpenSSL is loaded at first use, not linked (CBoomerangOpenSSL).
        if let reason = CBoomerangOpenSSL_load() {
            throw CertificateAuthorityError(.pkcs12Failed, "\(friendlyName): \(String(cString: reason))")
        }
        var der: UnsafeMutablePointer<UInt8>?
        let chainText = chain.map(\.pemText).joined()
        let length = COpenSSL_pkcs12(certificatePEM, privateKeyPEM, chainText, password, friendlyName, &der)
        guard length > 0, let der else { throw CertificateAuthorityError(.pkcs12Failed, friendlyName) }
        defer { COpenSSL_free(der) }
        return Array(UnsafeBufferPointer(start: der, count: Int(length)))
    }
}

extension IssuedCertificate {
    /// The files ``write(toFolder:name:password:)`` writes.
    public struct Files: Sendable, Hashable {
        /// The certificate then its chain, in PEM (mode 0644).
        public let certificate: String
        /// The key in PKCS#8 PEM (mode 0600).
        public let privateKey: String
        /// The PKCS#12 file with both (mode 0600).
        public let pkcs12: String
    }

    /// Writes `<name>.pem`, `<name>-key.pem` and `<name>.p12` (encrypted with `password`) to
    /// `folder`, the key and the PKCS#12 file made with mode 0600, and returns their paths.
    public func write(toFolder folder: String, name: String, password: String) throws(CertificateAuthorityError) -> Files {
        let base = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        let files = Files(certificate: base + ".pem", privateKey: base + "-key.pem", pkcs12: base + ".p12")
        try StateFolder.writeFile(atPath: files.certificate, bytes: Array(chainPEM.utf8), mode: 0o644)
        try StateFolder.writeFile(atPath: files.privateKey, bytes: Array(privateKeyPEM.utf8), mode: 0o600)
        try StateFolder.writeFile(atPath: files.pkcs12, bytes: pkcs12(password: password, friendlyName: name), mode: 0o600)
        return files
    }
}

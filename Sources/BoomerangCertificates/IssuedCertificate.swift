import COpenSSL
import Foundation
import X509

/// An end-entity certificate with its private key and the CA certificates between it and its
/// root: what a TLS server or client presents.
public struct IssuedCertificate: Sendable {
    /// The leaf certificate.
    public let certificate: Certificate
    /// The CA certificates that sign it, nearest first, without the root (which the peer trusts).
    public let chain: [Certificate]
    /// The leaf's P-256 key.
    public let privateKey: Certificate.PrivateKey

    /// The leaf's certificate in PEM.
    public var certificatePEM: String { certificate.pemText }

    /// The leaf then its chain, each in PEM: what a server sends (`SSL_CTX_use_certificate_chain_file`).
    public var chainPEM: String { ([certificate] + chain).map(\.pemText).joined() }

    /// The key in PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
    public var privateKeyPEM: String { privateKey.pkcs8PEM }

    /// A PKCS#12 file (`.p12`) with the key, the certificate and its chain, encrypted with
    /// `password`, as Keychain, Android, Java and `curl --cert file.p12:password` import it.
    public func pkcs12(password: String, friendlyName: String) throws(CertificateAuthorityError) -> [UInt8] {
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

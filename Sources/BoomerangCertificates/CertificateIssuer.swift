import Crypto
import Foundation
import SwiftASN1
import X509

/// A CA certificate and its key: makes the root, signs the CAs and leaves below it.
struct CertificateIssuer: Sendable {
    /// The CA's certificate.
    let certificate: Certificate
    /// The CA's key.
    let key: Certificate.PrivateKey

    /// How long a CA certificate is valid: ten years.
    static let authorityLifetime: TimeInterval = 3650 * 86_400
    /// How far back a certificate's validity starts, for clients whose clocks are behind.
    static let backdating: TimeInterval = 3600
    /// How long a leaf is valid from its start: under the 825 days Apple accepts from a root
    /// that a user added, backdating included.
    static let leafLifetime: TimeInterval = 824 * 86_400

    /// A self-signed CA that may sign `pathLength` more CAs below it; `permitted`, when given, is
    /// written as critical name constraints.
    static func selfSigned(commonName: String, pathLength: Int, permitted: PermittedNames?, now: Date) throws(CertificateAuthorityError) -> CertificateIssuer {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let publicKey = key.publicKey
        let certificate = try sign(commonName) {
            let subject = try DistinguishedName { OrganizationName("Boomerang"); CommonName(commonName) }
            let extensions = try authorityExtensions(pathLength: pathLength, permitted: permitted, publicKey: publicKey, issuerKeyIdentifier: nil)
            return try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                notValidBefore: now - backdating, notValidAfter: now + authorityLifetime,
                issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: extensions, issuerPrivateKey: key)
        }
        return CertificateIssuer(certificate: certificate, key: key)
    }

    /// A CA below this one that may sign no CA, only leaves; `permitted`, when given, is written
    /// as critical name constraints, and `usage` as its extended key usage (which OpenSSL, NSS
    /// and Apple apply to every certificate below it).
    func issueAuthority(commonName: String, permitted: PermittedNames?, usage: ExtendedKeyUsage.Usage, now: Date) throws(CertificateAuthorityError) -> CertificateIssuer {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let publicKey = key.publicKey
        let issuerKeyIdentifier = try self.keyIdentifier
        let certificate = try sign(commonName) {
            var extensions = try Self.authorityExtensions(pathLength: 0, permitted: permitted, publicKey: publicKey, issuerKeyIdentifier: issuerKeyIdentifier)
            try extensions.append(Certificate.Extension(ExtendedKeyUsage([usage]), critical: false))
            return try signedCertificate(
                commonName: commonName, publicKey: publicKey, extensions: extensions,
                notValidBefore: now - Self.backdating, notValidAfter: now + Self.authorityLifetime)
        }
        return CertificateIssuer(certificate: certificate, key: key)
    }

    /// An end-entity certificate with a new P-256 key for `usage`, named `commonName` and, when
    /// `alternativeNames` is not empty, by those subject alternative names.
    func issueLeaf(commonName: String, alternativeNames: [GeneralName], usage: ExtendedKeyUsage.Usage, chain: [Certificate], now: Date) throws(CertificateAuthorityError) -> IssuedCertificate {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let leaf = try signLeaf(
            publicKey: key.publicKey, commonName: commonName, alternativeNames: alternativeNames, usage: usage, keyEncipherment: false,
            notValidBefore: now - Self.backdating, notValidAfter: now - Self.backdating + Self.leafLifetime)
        return IssuedCertificate(certificate: leaf, chain: chain, privateKey: key)
    }

    /// An end-entity certificate for `publicKey` and `usage`, named `commonName` and, when
    /// `alternativeNames` is not empty, by those subject alternative names, valid from
    /// `notValidBefore` to `notValidAfter`. With `keyEncipherment` (for an RSA key), its key usage
    /// allows key encipherment besides signatures, as static RSA key exchange needs.
    ///
    /// A new serial number is drawn unless `serialNumber` is given, and the CA's key signs
    /// unless `signer` is given (``ReplayedSignature``, to make a stored certificate again).
    func signLeaf(
        publicKey: Certificate.PublicKey, commonName: String, alternativeNames: [GeneralName], usage: ExtendedKeyUsage.Usage,
        keyEncipherment: Bool, notValidBefore: Date, notValidAfter: Date,
        serialNumber: Certificate.SerialNumber = Certificate.SerialNumber(), signer: Certificate.PrivateKey? = nil
    ) throws(CertificateAuthorityError) -> Certificate {
        let issuerKeyIdentifier = try self.keyIdentifier
        return try sign(commonName) {
            let extensions = try Self.leafExtensions(
                publicKey: publicKey, alternativeNames: alternativeNames, usage: usage, keyEncipherment: keyEncipherment,
                issuerKeyIdentifier: issuerKeyIdentifier)
            return try signedCertificate(
                commonName: commonName, publicKey: publicKey, extensions: extensions, notValidBefore: notValidBefore, notValidAfter: notValidAfter,
                serialNumber: serialNumber, signer: signer)
        }
    }

    /// An end-entity certificate for `usage` signed by its own P-256 `key`, its issuer its subject
    /// (named `commonName`), with the extensions of the leaves a CA signs: not a CA, so that no
    /// chain leads to it.
    static func selfSignedLeaf(
        key: Certificate.PrivateKey, commonName: String, alternativeNames: [GeneralName], usage: ExtendedKeyUsage.Usage,
        notValidBefore: Date, notValidAfter: Date
    ) throws(CertificateAuthorityError) -> Certificate {
        let publicKey = key.publicKey
        return try sign(commonName) {
            let subject = try DistinguishedName { OrganizationName("Boomerang"); CommonName(commonName) }
            let extensions = try leafExtensions(
                publicKey: publicKey, alternativeNames: alternativeNames, usage: usage, keyEncipherment: false,
                issuerKeyIdentifier: SubjectKeyIdentifier(hash: publicKey).keyIdentifier)
            return try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                notValidBefore: notValidBefore, notValidAfter: notValidAfter,
                issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: extensions, issuerPrivateKey: key)
        }
    }

    /// This CA's key as the P-256 key it is, for the signatures swift-certificates does not make
    /// (``CertificateDER``).
    var p256Key: P256.Signing.PrivateKey {
        get throws(CertificateAuthorityError) {
            guard let pem = try? key.serializeAsPEM().pemString, let p256 = try? P256.Signing.PrivateKey(pemRepresentation: pem) else {
                throw CertificateAuthorityError(.malformedFile, certificate.subject.description, detail: "the key is not a P-256 key")
            }
            return p256
        }
    }

    /// A certificate issued by this CA, valid from `notValidBefore` to `notValidAfter`, signed by
    /// `signer` (the CA's key unless told otherwise).
    private func signedCertificate(
        commonName: String, publicKey: Certificate.PublicKey, extensions: Certificate.Extensions, notValidBefore: Date, notValidAfter: Date,
        serialNumber: Certificate.SerialNumber = Certificate.SerialNumber(), signer: Certificate.PrivateKey? = nil
    ) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: serialNumber, publicKey: publicKey,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter,
            issuer: certificate.subject, subject: try DistinguishedName { OrganizationName("Boomerang"); CommonName(commonName) },
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: signer ?? key)
    }

    /// An end-entity certificate's extensions: not a CA, key usage for signatures (and key
    /// encipherment with `keyEncipherment`), extended key usage `usage`, the subject alternative
    /// names when there are any, and the key identifiers.
    private static func leafExtensions(
        publicKey: Certificate.PublicKey, alternativeNames: [GeneralName], usage: ExtendedKeyUsage.Usage, keyEncipherment: Bool,
        issuerKeyIdentifier: ArraySlice<UInt8>
    ) throws -> Certificate.Extensions {
        try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true, keyEncipherment: keyEncipherment))
            try ExtendedKeyUsage([usage])
            if !alternativeNames.isEmpty {
                SubjectAlternativeNames(alternativeNames)
            }
            SubjectKeyIdentifier(hash: publicKey)
            AuthorityKeyIdentifier(keyIdentifier: issuerKeyIdentifier)
        }
    }

    /// The CA extensions: basic constraints with `pathLength`, key usage for signing certificates
    /// and CRLs, the name constraints and the key identifiers.
    private static func authorityExtensions(
        pathLength: Int, permitted: PermittedNames?, publicKey: Certificate.PublicKey, issuerKeyIdentifier: ArraySlice<UInt8>?
    ) throws -> Certificate.Extensions {
        try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            if let permitted {
                Critical(permitted.nameConstraints)
            }
            SubjectKeyIdentifier(hash: publicKey)
            if let issuerKeyIdentifier {
                AuthorityKeyIdentifier(keyIdentifier: issuerKeyIdentifier)
            }
        }
    }

    /// The subject key identifier of this CA's certificate, which its certificates name as their authority's.
    private var keyIdentifier: ArraySlice<UInt8> {
        get throws(CertificateAuthorityError) {
            guard let identifier = try? certificate.extensions.subjectKeyIdentifier?.keyIdentifier else {
                throw CertificateAuthorityError(.malformedFile, certificate.subject.description, detail: "no subject key identifier")
            }
            return identifier
        }
    }

    /// `make()`, its errors as ``CertificateAuthorityError/Code/signingFailed`` for `name`.
    private static func sign(_ name: String, _ make: () throws -> Certificate) throws(CertificateAuthorityError) -> Certificate {
        do {
            return try make()
        } catch {
            throw CertificateAuthorityError(.signingFailed, name, detail: String(describing: error))
        }
    }

    private func sign(_ name: String, _ make: () throws -> Certificate) throws(CertificateAuthorityError) -> Certificate {
        try Self.sign(name, make)
    }
}

import Crypto
import Foundation
import SwiftASN1
import X509

/// The two scenario certificates swift-certificates cannot hold as they are, handled through
/// their DER:
///
/// - a leaf signed ecdsa-with-SHA1: swift-certificates signs no ecdsa-with-SHA1, and its
///   `Certificate` cannot hold such a signature (parsing one throws). A certificate it made is
///   signed again here by rewriting its DER (``resigned(_:over:by:)``): the TBS certificate is
///   kept but for the signature algorithm named in it, and a new signature over it follows;
/// - a leaf with an RSA key under 2048 bits: swift-certificates makes one, but does not parse it
///   back (it reads no such key). Read from its DER (``Parts``), it is made again with its serial
///   number, validity and signature (``ReplayedSignature``).
enum CertificateDER {
    /// The digest an ECDSA signature is made over.
    enum Digest: Sendable {
        /// SHA-1: `ecdsa-with-SHA1` (1.2.840.10045.4.1).
        case sha1
        /// SHA-256: `ecdsa-with-SHA256` (1.2.840.10045.4.3.2).
        case sha256

        /// The signature algorithm's object identifier.
        var algorithm: ASN1ObjectIdentifier {
            switch self {
            case .sha1: [1, 2, 840, 10045, 4, 1]
            case .sha256: [1, 2, 840, 10045, 4, 3, 2]
            }
        }

        /// `key`'s signature of `bytes` in DER.
        func sign(_ bytes: [UInt8], with key: P256.Signing.PrivateKey) throws -> [UInt8] {
            switch self {
            case .sha1: Array(try key.signature(for: Insecure.SHA1.hash(data: bytes)).derRepresentation)
            case .sha256: Array(try key.signature(for: SHA256.hash(data: bytes)).derRepresentation)
            }
        }

        /// Whether `signature` (DER) is `key`'s signature of `bytes`.
        func isValid(_ signature: ArraySlice<UInt8>, of bytes: ArraySlice<UInt8>, by key: P256.Signing.PublicKey) -> Bool {
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            switch self {
            case .sha1: return key.isValidSignature(signature, for: Insecure.SHA1.hash(data: bytes))
            case .sha256: return key.isValidSignature(signature, for: SHA256.hash(data: bytes))
            }
        }
    }

    /// A certificate's DER read into the parts used here.
    struct Parts {
        /// The TBS certificate.
        let tbs: ASN1Node
        /// Its fields, without the version.
        let fields: [ASN1Node]
        /// The signature algorithm outside it.
        let algorithm: ASN1ObjectIdentifier
        /// The signature: the bits of its BIT STRING.
        let signature: ArraySlice<UInt8>

        init(_ der: [UInt8]) throws {
            let root = try DER.parse(der)
            let parts = try CertificateDER.children(of: root)
            guard parts.count == 3, let oid = try CertificateDER.children(of: parts[1]).first else {
                throw ASN1Error.invalidASN1Object(reason: "not a certificate")
            }
            tbs = parts[0]
            // The version is [0] EXPLICIT; then the serial number, the signature algorithm, the
            // issuer, the validity, the subject, the key and the extensions.
            fields = try CertificateDER.children(of: tbs).filter { $0.identifier != ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) }
            guard fields.count >= 6 else { throw ASN1Error.invalidASN1Object(reason: "not a TBS certificate") }
            algorithm = try ASN1ObjectIdentifier(derEncoded: oid)
            signature = try ASN1BitString(derEncoded: parts[2]).bytes
        }

        /// The signature algorithm named in the TBS certificate.
        var innerAlgorithm: ASN1ObjectIdentifier? {
            guard let oid = try? CertificateDER.children(of: fields[1]).first else { return nil }
            return try? ASN1ObjectIdentifier(derEncoded: oid)
        }

        /// The serial number.
        var serialNumber: Certificate.SerialNumber {
            get throws { Certificate.SerialNumber(bytes: try ArraySlice<UInt8>(derEncoded: fields[0])) }
        }

        /// The start and end of the validity.
        var validity: (notValidBefore: Date, notValidAfter: Date) {
            get throws {
                let times = try CertificateDER.children(of: fields[3])
                guard times.count == 2 else { throw ASN1Error.invalidASN1Object(reason: "not a validity") }
                return (try CertificateDER.date(times[0]), try CertificateDER.date(times[1]))
            }
        }
    }

    /// The certificate `der` signed again by `key` over `digest`: its TBS certificate with the
    /// signature algorithm in it replaced by `digest`'s, then that algorithm and the signature.
    static func resigned(_ der: [UInt8], over digest: Digest, by key: P256.Signing.PrivateKey) throws -> [UInt8] {
        let parts = try Parts(der)
        var tbsSerializer = DER.Serializer()
        try tbsSerializer.appendConstructedNode(identifier: .sequence) { coder in
            // After the version ([0]) and the serial number (INTEGER), the first SEQUENCE is the signature algorithm.
            var replaced = false
            for field in try children(of: parts.tbs) {
                if !replaced && field.identifier == .sequence {
                    try serializeAlgorithm(digest, into: &coder)
                    replaced = true
                } else {
                    coder.serialize(field)
                }
            }
        }
        let tbs = tbsSerializer.serializedBytes
        let signature = try digest.sign(tbs, with: key)
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(tbs)
            try serializeAlgorithm(digest, into: &coder)
            try coder.serialize(ASN1BitString(bytes: signature[...]))
        }
        return serializer.serializedBytes
    }

    /// Whether the certificate `der` is signed by `key` with ECDSA over `digest`, which both its
    /// signature algorithms name.
    static func isSigned(_ der: [UInt8], over digest: Digest, by key: P256.Signing.PublicKey) -> Bool {
        guard let parts = try? Parts(der), parts.algorithm == digest.algorithm, parts.innerAlgorithm == digest.algorithm else { return false }
        return digest.isValid(parts.signature, of: parts.tbs.encodedBytes, by: key)
    }

    /// The nodes inside `node`.
    private static func children(of node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else { throw ASN1Error.unexpectedFieldType(node.identifier) }
        return Array(nodes)
    }

    /// The time of a UTCTime or GeneralizedTime node, to the second.
    private static func date(_ node: ASN1Node) throws -> Date {
        let components: DateComponents
        switch node.identifier {
        case UTCTime.defaultIdentifier:
            let time = try UTCTime(derEncoded: node)
            components = DateComponents(year: time.year, month: time.month, day: time.day, hour: time.hours, minute: time.minutes, second: time.seconds)
        case GeneralizedTime.defaultIdentifier:
            let time = try GeneralizedTime(derEncoded: node)
            components = DateComponents(year: time.year, month: time.month, day: time.day, hour: time.hours, minute: time.minutes, second: time.seconds)
        default:
            throw ASN1Error.unexpectedFieldType(node.identifier)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { throw ASN1Error.invalidASN1Object(reason: "not a time") }
        return date
    }

    /// An AlgorithmIdentifier for ECDSA over `digest`: its object identifier and no parameters (RFC 5758 §3.2).
    private static func serializeAlgorithm(_ digest: Digest, into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(digest.algorithm)
        }
    }
}

/// A stand-in for the intermediate's key that gives a stored ecdsa-with-SHA256 signature for the
/// one TBS certificate it was made for, and signs nothing else: with it, swift-certificates makes
/// again, byte for byte, a certificate it cannot parse.
struct ReplayedSignature: CustomPrivateKey {
    /// The public key of the key that made the signature.
    let publicKey: Certificate.PublicKey
    /// The TBS certificate that was signed.
    let tbsCertificate: [UInt8]
    /// The signature, in DER.
    let signature: [UInt8]

    /// ecdsa-with-SHA256, the intermediate's.
    var defaultSignatureAlgorithm: Certificate.SignatureAlgorithm { .ecdsaWithSHA256 }

    /// ecdsa-with-SHA256 only.
    var supportedSignatureAlgorithms: [Certificate.SignatureAlgorithm] { [.ecdsaWithSHA256] }

    /// The stored signature when `bytes` are the stored TBS certificate.
    func signSynchronously(bytes: some DataProtocol, signatureAlgorithm: Certificate.SignatureAlgorithm) throws -> Certificate.Signature {
        guard signatureAlgorithm == .ecdsaWithSHA256, Array(bytes) == tbsCertificate else {
            throw ASN1Error.invalidASN1Object(reason: "not the certificate that was signed")
        }
        return try Certificate.Signature(signatureAlgorithm: signatureAlgorithm, signatureBytes: ASN1BitString(bytes: signature[...]))
    }

    /// Not a key to keep: it has no PEM.
    static var defaultPEMDiscriminator: String { "PRIVATE KEY" }

    /// Not a key to keep: serializing it throws.
    func serialize(into coder: inout DER.Serializer) throws {
        throw ASN1Error.invalidASN1Object(reason: "a replayed signature is not a key")
    }
}

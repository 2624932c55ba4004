import BoomerangSerialization
import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// A certificate's encodings and the digests that pin it.
extension Certificate {
    /// The certificate in DER.
    public var derBytes: [UInt8] { Self.der(of: self) }

    /// The certificate in PEM, ending with a line break.
    public var pemText: String {
        PEMDocument(type: "CERTIFICATE", derBytes: derBytes).pemString + "\n"
    }

    /// The SHA-256 of the DER, in upper-case hex pairs joined by colons, as `openssl x509
    /// -fingerprint -sha256`, Keychain Access and browsers show it.
    public var sha256Fingerprint: String {
        SHA256.hash(data: derBytes).map(Hex.uppercase).joined(separator: ":")
    }

    /// The base64 SHA-256 of the SubjectPublicKeyInfo: the pin AFSecurityPolicy, Alamofire's
    /// `PublicKeysTrustEvaluator` (through the key) and OkHttp's `CertificatePinner` (`sha256/` before it) compare.
    public var publicKeyPin: String {
        Data(SHA256.hash(data: Self.der(of: publicKey))).base64EncodedString()
    }

    /// The DER of a certificate or its SubjectPublicKeyInfo; neither can fail to serialize once
    /// it was parsed or signed, since its parts were encoded once already.
    private static func der(of value: some DERSerializable) -> [UInt8] {
        var serializer = DER.Serializer()
        try! serializer.serialize(value)
        return serializer.serializedBytes
    }
}

extension Certificate.PrivateKey {
    /// The key in PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), ending with a line break.
    public var pkcs8PEM: String {
        // Serializing an EC or RSA key cannot fail.
        let document = try! serializeAsPEM()
        var text = document.pemString
        // swift-certificates writes an RSA key in PKCS#1 (`RSA PRIVATE KEY`); the unsafe
        // initializer also reads keys under 2048 bits.
        if document.discriminator == "RSA PRIVATE KEY", let key = try? _RSA.Signing.PrivateKey(unsafeDERRepresentation: document.derBytes) {
            text = key.pkcs8PEMRepresentation
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}

import Foundation
import X509

/// The root in the forms devices and trust stores import.
extension CertificateAuthority {
    /// A form of the root certificate.
    public enum ExportFormat: String, Sendable, CaseIterable {
        /// PEM text (`.pem`, `.crt`): Debian's store, Android, NSS, Java, curl.
        case pem
        /// DER bytes (`.cer`, `.der`): macOS, Windows, Java, Android.
        case der
        /// An Apple configuration profile (`.mobileconfig`) holding the root: iOS devices and simulators, macOS.
        case mobileconfig

        /// The file name extension for the form.
        public var fileExtension: String {
            switch self {
            case .pem: "pem"
            case .der: "cer"
            case .mobileconfig: "mobileconfig"
            }
        }
    }

    /// Writes `bytes` to `path` through a new file made with `mode` (0644 by default) and renamed into place.
    public static func writeFile(atPath path: String, bytes: [UInt8], mode: UInt32 = 0o644) throws(CertificateAuthorityError) {
        try StateFolder.writeFile(atPath: path, bytes: bytes, mode: mode_t(mode))
    }

    /// The root certificate in `format`.
    public func exportRoot(as format: ExportFormat) throws(CertificateAuthorityError) -> [UInt8] {
        switch format {
        case .pem: Array(root.pemText.utf8)
        case .der: root.derBytes
        case .mobileconfig: try configurationProfile()
        }
    }

    /// An Apple configuration profile with one `com.apple.security.root` payload holding the
    /// root's DER. Its identifier names the root's fingerprint, so installing the profile of the
    /// same CA again replaces it, while a rotated CA's profile is a new one.
    func configurationProfile() throws(CertificateAuthorityError) -> [UInt8] {
        let identifier = "localhost.boomerang.ca." + root.sha256Fingerprint.replacingOccurrences(of: ":", with: "").prefix(16).lowercased()
        let payload: [String: Any] = [
            "PayloadType": "com.apple.security.root",
            "PayloadVersion": 1,
            "PayloadIdentifier": identifier + ".root",
            "PayloadUUID": UUID().uuidString,
            "PayloadDisplayName": "Boomerang Local Root CA",
            "PayloadDescription": "The root of Boomerang's local certificate authority, limited to localhost and loopback addresses.",
            "PayloadCertificateFileName": "boomerang-root.cer",
            "PayloadContent": Data(root.derBytes),
        ]
        let profile: [String: Any] = [
            "PayloadType": "Configuration",
            "PayloadVersion": 1,
            "PayloadIdentifier": identifier,
            "PayloadUUID": UUID().uuidString,
            "PayloadDisplayName": "Boomerang local CA",
            "PayloadDescription": "Trusts Boomerang's local HTTPS certificates (names permitted: \(permittedNames)). "
                + "After installing it, turn on full trust in Settings > General > About > Certificate Trust Settings.",
            "PayloadOrganization": "Boomerang",
            "PayloadRemovalDisallowed": false,
            "PayloadContent": [payload],
        ]
        do {
            return Array(try PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0))
        } catch {
            throw CertificateAuthorityError(.signingFailed, "the configuration profile", detail: error.localizedDescription)
        }
    }
}

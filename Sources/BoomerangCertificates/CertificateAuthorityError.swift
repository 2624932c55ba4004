/// Why the certificate authority refused or failed: a ``Code`` and the offending value (a name,
/// an address, a file path), with a sentence for people in ``description``.
public struct CertificateAuthorityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A leaf was asked for a name or address outside the CA's name constraints.
        case nameNotPermitted = "name_not_permitted"
        /// A server name, client name or permitted name is not a DNS name, an IP address or an IP range.
        case invalidName = "invalid_name"
        /// The settings permit names that the stored CA's constraints do not; the CA must be rotated.
        case permittedNamesChanged = "permitted_names_changed"
        /// A key file can be read or written by others than its owner.
        case keyFileExposed = "key_file_exposed"
        /// Some of the CA's files are there and others are missing.
        case incompleteState = "incomplete_state"
        /// There is no CA in the folder (``CertificateAuthority/load(from:)`` does not create one).
        case notCreated = "not_created"
        /// A file or folder could not be read, written, made or removed.
        case fileSystem = "file_system"
        /// A stored certificate or key does not parse, or a key does not match its certificate.
        case malformedFile = "malformed_file"
        /// Making or signing a certificate failed.
        case signingFailed = "signing_failed"
        /// OpenSSL could not write the PKCS#12 file.
        case pkcs12Failed = "pkcs12_failed"
        /// A scenario certificate was asked with parameters it is not made with (an RSA key size,
        /// a number of names, a wrong host that is the host itself).
        case invalidScenario = "invalid_scenario"
    }

    /// What went wrong.
    public let code: Code
    /// The offending value: the refused name, the file's path.
    public let value: String
    /// More about it, such as the system's error message; empty when the code says it all.
    public let detail: String

    /// An error with `code` about `value`.
    public init(_ code: Code, _ value: String, detail: String = "") {
        self.code = code
        self.value = value
        self.detail = detail
    }

    /// One sentence saying what went wrong and, where there is one, what to do.
    public var description: String {
        let text =
            switch code {
            case .nameNotPermitted:
                "'\(value)' is outside the certificate authority's name constraints; add it to tls_names and run `boomerang ca rotate`"
            case .invalidName: "'\(value)' is not a DNS name, an IP address or an IP range"
            case .permittedNamesChanged:
                "the settings permit \(value), which the certificate authority's name constraints do not; run `boomerang ca rotate`"
            case .keyFileExposed:
                "the key file \(value) can be read or written by others than its owner; make it mode 0600 (chmod 600) or rotate the CA"
            case .incompleteState: "the certificate authority's folder is missing \(value); run `boomerang ca rotate`"
            case .notCreated: "there is no certificate authority in \(value)"
            case .fileSystem: "cannot use \(value)"
            case .malformedFile: "\(value) does not hold what the certificate authority wrote"
            case .signingFailed: "cannot make the certificate for \(value)"
            case .pkcs12Failed: "cannot write the PKCS#12 file for \(value)"
            case .invalidScenario: "\(value) is not a scenario certificate the certificate authority makes"
            }
        return detail.isEmpty ? "\(code.rawValue): \(text)" : "\(code.rawValue): \(text): \(detail)"
    }
}

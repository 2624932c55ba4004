import BoomerangCertificates
import BoomerangSerialization
import Foundation
import X509

/// What `GET /__admin/tls` answers: the CA's certificates with their pins, the client
/// certificate downloads, and every scenario with its name, port, what a client must do and its
/// leaf's pin. Pins are SPKI SHA-256 in base64, as AFSecurityPolicy, Alamofire's
/// `PublicKeysTrustEvaluator` and OkHttp's `CertificatePinner` take them.
public struct TLSListing: Sendable {
    /// The HTTPS port.
    public var httpsPort: Int
    /// Each scenario's port, by name; absent when scenario ports are off.
    public var ports: [String: Int]
    public let authority: CertificateAuthority
    public let scenarios: TLSScenarioSet

    /// Describes a running server's TLS.
    public init(httpsPort: Int, ports: [String: Int], authority: CertificateAuthority, scenarios: TLSScenarioSet) {
        self.httpsPort = httpsPort
        self.ports = ports
        self.authority = authority
        self.scenarios = scenarios
    }

    /// The password of the client certificate's PKCS#12 download.
    public static let clientPassword = "boomerang"

    /// The document.
    public var value: StructuredValue {
        var scenarioList: [StructuredValue] = []
        var pending: [StructuredValue] = []
        for scenario in scenarios.scenarios {
            var certificate: IssuedCertificate?
            switch scenarios.certificateIfMade(named: scenario.name) {
            case .made(let made): certificate = made
            case .pending: pending.append(.string(scenario.name))
            case .none: break
            }
            var fields: [(String, StructuredValue)] = [
                ("name", .string(scenario.name)),
                ("category", .string(scenario.category.rawValue)),
                ("host", .string(scenario.host)),
                ("url", .string("https://\(scenario.host):\(httpsPort)/get")),
                ("port", ports[scenario.name].map { .int(Int64($0)) } ?? .null),
                ("portURL", ports[scenario.name].map { .string("https://localhost:\($0)/get") } ?? .null),
                ("summary", .string(scenario.summary)),
                ("outcome", .string(scenario.outcome.rawValue)),
                ("expectation", .string(scenario.expectation)),
            ]
            fields.append(("leaf", certificate.map { Self.describe($0.certificate, downloads: [("pem", "/__admin/tls/scenarios/\(scenario.name).pem")]) } ?? .null))
            scenarioList.append(.object(StructuredObject(fields)))
        }
        let unavailable = TLSScenarioCatalogue.unavailable.map { item in
            StructuredValue.object(StructuredObject([("name", .string(item.name)), ("reason", .string(item.reason))]))
        }
        return .object(StructuredObject([
            ("httpsPort", .int(Int64(httpsPort))),
            ("folder", .string(authority.folder)),
            ("root", Self.describe(authority.root, downloads: [
                ("pem", "/__admin/tls/root.pem"), ("der", "/__admin/tls/root.cer"), ("mobileconfig", "/__admin/tls/root.mobileconfig"),
            ])),
            ("intermediate", Self.describe(authority.intermediate, downloads: [("pem", "/__admin/tls/intermediate.pem")])),
            ("clientCertificate", .object(StructuredObject([
                ("authority", Self.describe(authority.clientAuthority, downloads: [("pem", "/__admin/tls/client-ca.pem")])),
                ("pem", .string("/__admin/tls/client-certificate.pem")),
                ("pkcs12", .string("/__admin/tls/client-certificate.p12")),
                ("pkcs12Password", .string(Self.clientPassword)),
            ]))),
            ("scenarios", .array(scenarioList)),
            // Made on first start (a second or so), or read at the first need after a restart:
            // their `leaf` is null until then.
            ("pendingCertificates", .array(pending)),
            ("unavailable", .array(unavailable)),
        ]))
    }

    private static func describe(_ certificate: Certificate, downloads: [(String, String)]) -> StructuredValue {
        .object(StructuredObject([
            ("subject", .string(certificate.subject.description)),
            ("notAfter", .string(certificate.notValidAfter.formatted(.iso8601))),
            ("sha256", .string(certificate.sha256Fingerprint)),
            ("spkiSHA256", .string(certificate.publicKeyPin)),
            ("downloads", .object(StructuredObject(downloads.map { ($0.0, StructuredValue.string($0.1)) }))),
        ]))
    }
}

import BoomerangCertificates
import BoomerangTLS

/// One TLS scenario: a server misbehaving in one way (or behaving in one way worth testing),
/// served on its own name under `.localhost` and on its own port, with what a correct client
/// does about it.
public struct TLSScenario: Sendable {
    /// What the scenario is about.
    public enum Category: String, Sendable, CaseIterable {
        case certificate
        case `protocol`
        case clientCertificate = "client-certificate"
        case handshakeFault = "handshake-fault"
        case response
        /// HTTP/2 settings at their edges, for a client that negotiates h2 (over HTTP/1.1 the
        /// scenario is the valid one).
        case http2
    }

    /// What a client with its default trust settings does.
    public enum Outcome: String, Sendable {
        /// It completes the request.
        case accept
        /// It refuses the connection or reports an error.
        case refuse
    }

    /// The scenario's slug, which is also its host name's first label (`expired`).
    public let name: String
    public let category: Category
    /// The name a client asks for: `<name>.localhost`, or the IDN scenario's punycode name.
    public let host: String
    /// What the server does, in a sentence.
    public let summary: String
    /// What a client with default settings does.
    public let outcome: Outcome
    /// What a correct client must do, and what the usual clients report.
    public let expectation: String
    /// The certificate the scenario presents; nil for the CA's usual leaf for the name.
    public let certificate: ScenarioCertificateKind?
    /// The rest of its handshake policy.
    let configure: @Sendable (inout TLSPolicy) -> Void

    init(
        _ name: String, _ category: Category, host: String? = nil, certificate: ScenarioCertificateKind? = .valid, outcome: Outcome,
        summary: String, expectation: String, configure: @escaping @Sendable (inout TLSPolicy) -> Void = { _ in }
    ) {
        self.name = name
        self.category = category
        self.host = host ?? name + ".localhost"
        self.certificate = certificate
        self.outcome = outcome
        self.summary = summary
        self.expectation = expectation
        self.configure = configure
    }
}

/// Something a badssl-style catalogue would list that this machine's OpenSSL cannot serve.
public struct UnavailableTLSScenario: Sendable {
    public let name: String
    public let reason: String
}

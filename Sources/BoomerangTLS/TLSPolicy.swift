import BoomerangExchange
import CBoomerangTLS

/// How the server handles one connection's handshake, decided from its ClientHello: the
/// certificate, the versions and ciphers it allows, whether it asks for a client certificate,
/// and the faults it commits on purpose. The default is the plain HTTPS port's: a certificate
/// for the name asked for, TLS 1.2 and 1.3, the library's default ciphers.
public struct TLSPolicy: Sendable {
    /// A protocol version.
    public enum Version: Int32, Sendable, Comparable, CaseIterable {
        case tls1 = 0x0301
        case tls11 = 0x0302
        case tls12 = 0x0303
        case tls13 = 0x0304

        public static func < (lhs: Version, rhs: Version) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Whether the server asks for a client certificate.
    public enum ClientCertificates: Sendable, Hashable {
        /// It does not ask.
        case none
        /// It asks; the handshake goes on without one, or with one it cannot verify, and the
        /// echo says what came and whether it verified.
        case optional
        /// It asks and refuses a handshake without a certificate from the trusted client CA.
        case required
    }

    /// A handshake the server breaks on purpose, right after the ClientHello.
    public enum HandshakeFault: Sendable, Hashable {
        /// A fatal alert with this description (40 handshake_failure, 70 protocol_version).
        case alert(Int32)
        /// The connection is reset.
        case reset
        /// The server says nothing more until the handshake deadline closes the connection.
        case stall
    }

    /// The TLS scenario this policy is, when it is one (its name goes into the echo and the history).
    public var scenario: String?
    /// The certificate presented; nil for one from the CA for the name asked for.
    public var credential: DeferredCredential?
    /// The versions allowed.
    public var minimumVersion: Version = .tls12
    public var maximumVersion: Version = .tls13
    /// The TLS 1.2-and-older cipher list, in OpenSSL's syntax; nil for the library's default.
    public var cipherList: String?
    /// The TLS 1.3 cipher suites, in OpenSSL's syntax; nil for the library's default.
    public var cipherSuites: String?
    /// OpenSSL's security level for the connection (0 allows TLS 1.0, SHA-1 and small keys); nil
    /// for the system's.
    public var securityLevel: Int32?
    /// Finite-field Diffie-Hellman parameters for DHE cipher suites (PEM); nil for the library's.
    public var dhParametersPEM: String?
    /// Whether the server asks for a client certificate.
    public var clientCertificates: ClientCertificates = .none
    /// A fault committed after the ClientHello.
    public var handshakeFault: HandshakeFault?
    /// Whether the first response is cut in half and the connection closed without `close_notify`.
    public var truncatesResponse = false
    /// HTTP/2 settings at their edges for a connection that negotiates h2 (an HTTP/2 scenario);
    /// nil for the server's.
    public var http2Edges: HTTP2Edges?

    /// The default policy.
    public init(scenario: String? = nil) {
        self.scenario = scenario
    }
}

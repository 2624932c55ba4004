/// What TLS said about the connection a request came on: the echo's `tls` object. Protocol
/// neutral: whatever secured the connection fills it in once its handshake is complete.
/// Immutable, and a class: every request of the connection shares the one made at its handshake.
public final class TransportSecurity: Sendable {
    /// The protocol version as the library names it: `TLSv1.3`, `TLSv1.2`.
    public let version: String
    /// The cipher suite's IANA name (`TLS_AES_128_GCM_SHA256`).
    public let cipher: String
    /// The application protocol ALPN chose, when the client offered one the server speaks.
    public let alpn: String?
    /// The name the client asked for with SNI; nil when it sent none (a connection to an address).
    public let serverName: String?
    /// Whether the client resumed an earlier session (a ticket or a session id).
    public let resumed: Bool
    /// The JA4 fingerprint of the client's ClientHello.
    public let ja4: String?
    /// The certificate the client presented, when it sent one.
    public let clientCertificate: PeerCertificate?
    /// The TLS scenario of the port or name the client came to, when any.
    public let scenario: String?

    /// Creates the facts of one handshake.
    public init(
        version: String, cipher: String, alpn: String?, serverName: String?, resumed: Bool, ja4: String?,
        clientCertificate: PeerCertificate?, scenario: String? = nil
    ) {
        self.scenario = scenario
        self.version = version
        self.cipher = cipher
        self.alpn = alpn
        self.serverName = serverName
        self.resumed = resumed
        self.ja4 = ja4
        self.clientCertificate = clientCertificate
    }

    /// A certificate a client presented, as the echo shows it.
    public struct PeerCertificate: Sendable, Hashable {
        /// The subject's distinguished name (RFC 4514 form: `CN=client,O=Boomerang`).
        public var subject: String
        /// The issuer's distinguished name.
        public var issuer: String
        /// The serial number, upper-case hexadecimal.
        public var serial: String
        /// The SHA-256 of its DER, upper-case hexadecimal.
        public var sha256: String
        /// Validity, as RFC 3339 times.
        public var notBefore: String
        public var notAfter: String
        /// Whether the server verified it against its client CA.
        public var verified: Bool

        /// Creates the facts of one client certificate.
        public init(subject: String, issuer: String, serial: String, sha256: String, notBefore: String, notAfter: String, verified: Bool) {
            self.subject = subject
            self.issuer = issuer
            self.serial = serial
            self.sha256 = sha256
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.verified = verified
        }
    }
}

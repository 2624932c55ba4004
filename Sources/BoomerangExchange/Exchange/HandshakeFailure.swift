/// A TLS handshake that did not finish: what the client offered and why it failed, in words a
/// client developer can act on. The history records it as an exchange of its own.
public struct HandshakeFailure: Sendable, Hashable {
    /// Why, as a code.
    public struct Cause: Sendable, Hashable, CustomStringConvertible {
        /// The code's name, such as `certificate_rejected`.
        public let name: String
        /// What it means, in a sentence.
        public let explanation: String
        public var description: String { name }

        public init(name: String, explanation: String) {
            self.name = name
            self.explanation = explanation
        }

        /// The client refused the server's certificate and said so with an alert.
        public static let certificateRejected = Cause(
            name: "certificate_rejected", explanation: "the client rejected the server's certificate")
        /// The client and the server have no protocol version in common.
        public static let noSharedVersion = Cause(name: "no_shared_version", explanation: "no TLS version in common")
        /// The client and the server have no cipher suite (or key-exchange group) in common.
        public static let noSharedCipher = Cause(name: "no_shared_cipher", explanation: "no cipher suite in common")
        /// The server asked for a client certificate and got none.
        public static let noClientCertificate = Cause(
            name: "no_client_certificate", explanation: "the server requires a client certificate and the client sent none")
        /// The client's certificate did not verify against the server's client CA.
        public static let clientCertificateRejected = Cause(
            name: "client_certificate_rejected", explanation: "the client's certificate is not from a CA the server trusts")
        /// The client sent an alert other than about the certificate.
        public static let clientAlert = Cause(name: "client_alert", explanation: "the client ended the handshake with an alert")
        /// The client closed the connection in the middle of the handshake, without an alert.
        public static let clientClosed = Cause(
            name: "client_closed", explanation: "the client closed the connection during the handshake without saying why")
        /// The handshake did not finish within the deadline.
        public static let timedOut = Cause(name: "timed_out", explanation: "the handshake did not finish in time")
        /// What came was not a TLS handshake the server could read.
        public static let malformed = Cause(name: "malformed", explanation: "the client's handshake could not be read")
        /// A TLS scenario ended the handshake on purpose.
        public static let scenario = Cause(name: "scenario", explanation: "the scenario ended the handshake on purpose")
        /// Anything else the library refused.
        public static let other = Cause(name: "failed", explanation: "the handshake failed")
    }

    /// Why it failed.
    public var cause: Cause
    /// The library's error text, when it gave one.
    public var detail: String?
    /// The alert the client sent (`unknown_ca`), and the one the server sent.
    public var alertReceived: String?
    public var alertSent: String?
    /// The name the client asked for with SNI.
    public var serverName: String?
    /// What the client offered: versions (`TLSv1.3`), cipher suites (IANA names, or hex when the
    /// library knows none), ALPN protocols.
    public var offeredVersions: [String]
    public var offeredCiphers: [String]
    public var offeredProtocols: [String]
    /// The JA4 fingerprint of the ClientHello, when one arrived.
    public var ja4: String?
    /// The TLS scenario of the port or name the client came to, when any.
    public var scenario: String?
    /// From the first byte to the failure.
    public var durationMicroseconds: Int

    /// Creates a report.
    public init(
        cause: Cause, detail: String? = nil, alertReceived: String? = nil, alertSent: String? = nil, serverName: String? = nil,
        offeredVersions: [String] = [], offeredCiphers: [String] = [], offeredProtocols: [String] = [], ja4: String? = nil,
        scenario: String? = nil, durationMicroseconds: Int = 0
    ) {
        self.cause = cause
        self.detail = detail
        self.alertReceived = alertReceived
        self.alertSent = alertSent
        self.serverName = serverName
        self.offeredVersions = offeredVersions
        self.offeredCiphers = offeredCiphers
        self.offeredProtocols = offeredProtocols
        self.ja4 = ja4
        self.scenario = scenario
        self.durationMicroseconds = durationMicroseconds
    }

    /// One sentence: the cause, then the alert.
    public var summary: String {
        var text = cause.explanation
        if let alertReceived { text += " (alert \(alertReceived))" }
        return text
    }
}

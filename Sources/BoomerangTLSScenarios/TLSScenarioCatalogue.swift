import BoomerangExchange
import BoomerangTLS

/// Every TLS scenario, in the order of their ports.
public enum TLSScenarioCatalogue {
    public static let all: [TLSScenario] = certificates + protocols + clientCertificates + faults + http2

    static let certificates: [TLSScenario] = [
        TLSScenario(
            "valid", .certificate, outcome: .accept, summary: "A valid chain from the Boomerang root: the control case.",
            expectation: "Accept, once the Boomerang root is trusted."),
        TLSScenario(
            "expired", .certificate, certificate: .expired, outcome: .refuse, summary: "A leaf whose validity ended yesterday.",
            expectation: "Refuse: certificate expired (URLSession -1201 NSURLErrorServerCertificateHasBadDate, curl 60)."),
        TLSScenario(
            "not-yet-valid", .certificate, certificate: .notYetValid, outcome: .refuse, summary: "A leaf valid from next month.",
            expectation: "Refuse: certificate not yet valid (URLSession -1201, curl 60)."),
        TLSScenario(
            "self-signed", .certificate, certificate: .selfSigned, outcome: .refuse, summary: "A self-signed leaf, no chain.",
            expectation: "Refuse: untrusted (URLSession -1202 NSURLErrorServerCertificateUntrusted, curl 60), unless the client trusts this very certificate."),
        TLSScenario(
            "untrusted-root", .certificate, certificate: .untrustedRoot, outcome: .refuse,
            summary: "A complete chain to a root nobody trusts.",
            expectation: "Refuse: unknown issuer (URLSession -1202, curl 60)."),
        TLSScenario(
            "wrong-host", .certificate, certificate: .wrongHost("other-name.localhost"), outcome: .refuse,
            summary: "A valid chain for other-name.localhost, not for the name asked for.",
            expectation: "Refuse: the name does not match (URLSession -1202, curl 60); AFSecurityPolicy with validatesDomainName = NO accepts."),
        TLSScenario(
            "incomplete-chain", .certificate, certificate: .incompleteChain, outcome: .refuse,
            summary: "The leaf without its intermediate (and no AIA to fetch it from).",
            expectation: "Refuse: unable to get the issuer (curl 60, Python), unless the client has the intermediate cached."),
        TLSScenario(
            "no-subject-alt-name", .certificate, certificate: .noSubjectAlternativeName, outcome: .refuse,
            summary: "The name only in the subject's common name, no subjectAltName.",
            expectation: "Refuse: Apple platforms, Chrome and Firefox ignore the common name; OpenSSL-based clients may still match it."),
        TLSScenario(
            "sha1", .certificate, certificate: .sha1Signature, outcome: .refuse, summary: "A leaf signed with SHA-1.",
            expectation: "Refuse: SHA-1 signatures are not trusted (Apple, browsers; OpenSSL 3 at security level 1 and up).",
            configure: { $0.securityLevel = 0 }),
        TLSScenario(
            "rsa-1024", .certificate, certificate: .rsa(bits: 1024), outcome: .refuse, summary: "A 1024-bit RSA key.",
            expectation: "Refuse: key too small (Apple requires 2048 bits; OpenSSL's default security level 2 too).",
            configure: { $0.securityLevel = 0 }),
        TLSScenario(
            "rsa-2048", .certificate, certificate: .rsa(bits: 2048), outcome: .accept, summary: "A 2048-bit RSA key.",
            expectation: "Accept."),
        TLSScenario(
            "rsa-4096", .certificate, certificate: .rsa(bits: 4096), outcome: .accept, summary: "A 4096-bit RSA key.",
            expectation: "Accept."),
        TLSScenario(
            "ecdsa-p256", .certificate, outcome: .accept, summary: "An ECDSA P-256 key (the default).", expectation: "Accept."),
        TLSScenario(
            "ecdsa-p384", .certificate, certificate: .ecdsaP384, outcome: .accept, summary: "An ECDSA P-384 key.",
            expectation: "Accept."),
        TLSScenario(
            "1000-sans", .certificate, certificate: .manySubjectAlternativeNames(1000), outcome: .accept,
            summary: "A leaf with 1,000 subjectAltNames (about 30 KB).",
            expectation: "Accept: a client must not choke on a large certificate."),
        TLSScenario(
            "idn", .certificate, host: "xn--bcher-kva.localhost", outcome: .accept,
            summary: "An internationalised name: bücher.localhost, as xn--bcher-kva.localhost.",
            expectation: "Accept at https://bücher.localhost (the client converts the name to punycode)."),
        TLSScenario(
            "pinning", .certificate, certificate: .differentKey, outcome: .accept,
            summary: "A valid chain whose leaf has another key than the valid scenario's.",
            expectation:
                "Accept without pinning; refuse when pinning the valid scenario's leaf key (AFSecurityPolicy with AFSSLPinningModePublicKey, Alamofire's PublicKeysTrustEvaluator, OkHttp's CertificatePinner). Pinning the root or the intermediate accepts."
        ),
    ]

    static let protocols: [TLSScenario] = [
        TLSScenario(
            "tls-1-2", .protocol, outcome: .accept, summary: "TLS 1.2 only.",
            expectation: "Accept, unless the client requires TLS 1.3.",
            configure: { $0.maximumVersion = .tls12 }),
        TLSScenario(
            "tls-1-3", .protocol, outcome: .accept, summary: "TLS 1.3 only.",
            expectation: "Accept, unless the client cannot speak TLS 1.3.",
            configure: { $0.minimumVersion = .tls13 }),
        TLSScenario(
            "tls-1-1", .protocol, outcome: .refuse, summary: "TLS 1.1 only (OpenSSL's security level 0 on this scenario alone).",
            expectation: "Refuse: no version in common (Apple's App Transport Security requires TLS 1.2; OpenSSL clients need @SECLEVEL=0).",
            configure: { legacy(&$0, version: .tls11) }),
        TLSScenario(
            "tls-1-0", .protocol, outcome: .refuse, summary: "TLS 1.0 only (OpenSSL's security level 0 on this scenario alone).",
            expectation: "Refuse: no version in common.",
            configure: { legacy(&$0, version: .tls1) }),
        TLSScenario(
            "static-rsa", .protocol, certificate: .rsa(bits: 2048), outcome: .refuse,
            summary: "TLS 1.2 with RSA key exchange only (TLS_RSA_WITH_AES_128_GCM_SHA256): no forward secrecy.",
            expectation:
                "Refuse for want of forward secrecy: App Transport Security and Python 3.10+ (no cipher in common); curl and browsers still accept.",
            configure: {
                $0.maximumVersion = .tls12
                $0.cipherList = "AES128-GCM-SHA256:AES256-GCM-SHA384"
            }),
        TLSScenario(
            "dh-1024", .protocol, certificate: .rsa(bits: 2048), outcome: .refuse,
            summary: "TLS 1.2 with finite-field DHE only, over a 1024-bit group.",
            expectation: "Refuse: the group is too small (OpenSSL clients: dh key too small) or no cipher in common (browsers and Apple no longer offer DHE).",
            configure: {
                $0.maximumVersion = .tls12
                $0.securityLevel = 0
                $0.cipherList = "DHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES256-GCM-SHA384"
                $0.dhParametersPEM = weakGroup
            }),
        TLSScenario(
            "null-cipher", .protocol, certificate: .rsa(bits: 2048), outcome: .refuse,
            summary: "TLS 1.2 with the NULL cipher only (TLS_RSA_WITH_NULL_SHA256): authenticated, not encrypted.",
            expectation: "Refuse: no cipher in common (no client offers NULL unless told to).",
            configure: {
                $0.maximumVersion = .tls12
                $0.securityLevel = 0
                $0.cipherList = "NULL-SHA256:@SECLEVEL=0"
            }),
    ]

    static let clientCertificates: [TLSScenario] = [
        TLSScenario(
            "client-certificate-required", .clientCertificate, outcome: .refuse,
            summary: "A client certificate from Boomerang's client CA is required (boomerang ca client-certificate).",
            expectation:
                "Refuse without a certificate (the server ends the handshake: certificate_required in TLS 1.3); accept with one from the client CA; refuse one from any other CA (unknown_ca).",
            configure: { $0.clientCertificates = .required }),
        TLSScenario(
            "client-certificate-optional", .clientCertificate, outcome: .accept,
            summary: "A client certificate is asked for and not required; the echo's tls.clientCertificate shows what came.",
            expectation: "Accept with or without one; the echo says whether it verified against the client CA.",
            configure: { $0.clientCertificates = .optional }),
    ]

    static let faults: [TLSScenario] = [
        TLSScenario(
            "alert-handshake-failure", .handshakeFault, outcome: .refuse,
            summary: "A fatal handshake_failure alert right after the ClientHello.",
            expectation: "Fail with the alert (curl 35 \"sslv3 alert handshake failure\"; URLSession -1200 NSURLErrorSecureConnectionFailed).",
            configure: { $0.handshakeFault = .alert(40) }),
        TLSScenario(
            "alert-protocol-version", .handshakeFault, outcome: .refuse,
            summary: "A fatal protocol_version alert right after the ClientHello.",
            expectation: "Fail with the alert (curl 35 \"tlsv1 alert protocol version\").",
            configure: { $0.handshakeFault = .alert(70) }),
        TLSScenario(
            "reset-during-handshake", .handshakeFault, outcome: .refuse,
            summary: "The connection is reset right after the ClientHello.",
            expectation: "Fail with a reset (curl 35 \"Connection reset by peer\"; URLSession -1005 NSURLErrorNetworkConnectionLost).",
            configure: { $0.handshakeFault = .reset }),
        TLSScenario(
            "stall-during-handshake", .handshakeFault, outcome: .refuse,
            summary: "No answer to the ClientHello until the handshake deadline (tls_handshake_timeout) closes the connection.",
            expectation: "Time out by its own deadline (URLSession -1001 NSURLErrorTimedOut), not hang.",
            configure: { $0.handshakeFault = .stall }),
        TLSScenario(
            "truncated-response", .response, outcome: .refuse,
            summary: "Half of the first response, then the connection closes without close_notify.",
            expectation:
                "Report the truncation: the body is shorter than its Content-Length and TLS ended without close_notify (curl 18 or 56; Python SSLEOFError); never treat the half as the whole.",
            configure: { $0.truncatesResponse = true }),
    ]

    static let http2: [TLSScenario] = [
        TLSScenario(
            "h2-one-stream", .http2, outcome: .accept,
            summary: "HTTP/2 with SETTINGS_MAX_CONCURRENT_STREAMS 1: one stream open at a time per connection.",
            expectation:
                "Queue requests beyond the first, or open more connections. A stream opened beyond the limit before the client has acknowledged the SETTINGS is reset REFUSED_STREAM (retry it); after, nghttp2 ends the whole connection with GOAWAY PROTOCOL_ERROR.",
            configure: { $0.http2Edges = HTTP2Edges.named("h2-one-stream") }),
        TLSScenario(
            "h2-tiny-window", .http2, outcome: .accept,
            summary: "HTTP/2 with SETTINGS_INITIAL_WINDOW_SIZE 1: a request body moves one byte per WINDOW_UPDATE.",
            expectation: "Upload anyway, a byte at a time as the windows reopen: slowly, without stalling or sending past the window.",
            configure: { $0.http2Edges = HTTP2Edges.named("h2-tiny-window") }),
        TLSScenario(
            "h2-tiny-frames", .http2, outcome: .accept,
            summary: "HTTP/2 response bodies in DATA frames of one byte each.",
            expectation: "Reassemble the body from as many frames as it has bytes; the same bytes as from any other port.",
            configure: { $0.http2Edges = HTTP2Edges.named("h2-tiny-frames") }),
        TLSScenario(
            "h2-no-hpack-table", .http2, outcome: .accept,
            summary: "HTTP/2 with SETTINGS_HEADER_TABLE_SIZE 0: HPACK's dynamic table off both ways.",
            expectation:
                "Encode header fields without the dynamic table (a table size update to 0 first, RFC 7541 §4.2) and decode the server's literal fields.",
            configure: { $0.http2Edges = HTTP2Edges.named("h2-no-hpack-table") }),
    ]

    /// What the catalogue cannot serve on this system, and why.
    public static let unavailable: [UnavailableTLSScenario] = [
        UnavailableTLSScenario(name: "rc4", reason: "OpenSSL 3 has RC4 only in its legacy provider, which TLS does not use."),
        UnavailableTLSScenario(name: "3des", reason: "OpenSSL 3 as Debian builds it has no 3DES cipher suites, at any security level."),
        UnavailableTLSScenario(name: "sslv3", reason: "Debian builds OpenSSL without SSL 3.0."),
        UnavailableTLSScenario(name: "sslv2", reason: "OpenSSL removed SSL 2.0 in 1.1.0."),
        UnavailableTLSScenario(name: "export", reason: "OpenSSL removed export-grade cipher suites in 1.1.0."),
        UnavailableTLSScenario(name: "revoked", reason: "Revocation needs a reachable OCSP responder or CRL, which a local CA does not run yet."),
    ]

    /// The scenario named `name`.
    public static func named(_ name: String) -> TLSScenario? {
        all.first { $0.name == name }
    }

    private static func legacy(_ policy: inout TLSPolicy, version: TLSPolicy.Version) {
        policy.minimumVersion = version
        policy.maximumVersion = version
        policy.securityLevel = 0
        policy.cipherList = "DEFAULT:@SECLEVEL=0"
    }

    /// A 1024-bit finite-field group made for this catalogue (`openssl dhparam 1024`).
    static let weakGroup = """
        -----BEGIN DH PARAMETERS-----
        MIGHAoGBANB3obzH9T2YrNKuS2jdKVNmgBIulNQMVAJv0MAmxR23IIRLlg6lc1TL
        91hIlheT+1af6lbWg1FCAHB8jvnzBPV3F5jGmvxzxd82Kd7eKV+WiIJvyijGAhGT
        BZ33F1H2CMnwh13QxU5T5+5Xo9a7p9QCinmcqnCFl6eYRaSORl+XAgEC
        -----END DH PARAMETERS-----

        """
}

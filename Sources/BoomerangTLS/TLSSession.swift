import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization
import BoomerangWire
import CBoomerangTLS

#if canImport(Glibc)
import Glibc
#endif

/// The TLS of one server connection as a byte layer, without a socket: ciphertext from the
/// client goes in with ``receive(_:)`` and comes out as plaintext from ``read(into:)``; plaintext
/// to send goes in with ``write(_:)`` and comes out as ciphertext from ``takeCiphertext(into:)``.
/// The handshake happens inside ``read(into:)``, with whatever it has to say queued as
/// ciphertext like everything else. Two OpenSSL memory buffers stand between it and the driver.
/// Confined to one thread.
public final class TLSSession {
    /// What reading produced.
    public enum ReadResult: Equatable {
        /// This many plaintext bytes are at the start of the buffer.
        case plaintext(Int)
        /// Nothing more until more ciphertext arrives.
        case needsInput
        /// The client sent `close_notify`: it sends no more.
        case closedByPeer
        /// The handshake or a record failed; an alert may be queued as ciphertext. The session
        /// takes nothing more.
        case failed(TLSError)
        /// The policy breaks the handshake here: the driver resets the connection, or stalls.
        case fault(TLSPolicy.HandshakeFault)
        /// The handshake waits for ``awaitedCredential`` to be made; read again once it is.
        case awaitingCredential
    }

    private let ssl: OpaquePointer
    /// Ciphertext in (`rbio`) and out (`wbio`), both owned by `ssl`.
    private let input: OpaquePointer
    private let output: OpaquePointer
    private let context: TLSServerContext
    private let library: TLSServerContext.Library
    /// The address the client connected to, the name whose certificate it gets without SNI.
    private let localName: String
    /// The listener's policy, and the one the ClientHello chose (the listener's, or its server name's).
    private let listenerPolicy: TLSPolicy
    public private(set) var policy: TLSPolicy
    /// A fault the policy commits, once the ClientHello has arrived.
    private var pendingFault: TLSPolicy.HandshakeFault?
    /// The scenario's credential the handshake waits for, when it was not made yet as the
    /// ClientHello came.
    public private(set) var awaitedCredential: DeferredCredential?
    /// The ClientHello, once it has arrived.
    public private(set) var clientHello: ClientHello?
    /// Why the ClientHello's extensions could not be read, when they could not (the handshake
    /// goes on; OpenSSL judges the hello itself).
    public private(set) var clientHelloError: ClientHelloError?
    /// The handshake's facts, once it is complete.
    public private(set) var security: TransportSecurity?
    /// The error that ended the session.
    public private(set) var failure: TLSError?
    /// The last alert the client sent and the last the server sent (their description numbers).
    public private(set) var alertReceived: Int32?
    public private(set) var alertSent: Int32?
    private var isShutDown = false

    /// Creates the session of one accepted connection; `localName` is the address it came to.
    public init(context: TLSServerContext, localName: String, policy: TLSPolicy = TLSPolicy()) throws(TLSError) {
        let library = try context.prepared()
        guard let ssl = SSL_new(library.pointer) else { throw TLSError.fromQueue(.outOfResources, "SSL_new") }
        guard let input = CBoomerangTLS_newMemoryBIO(), let output = CBoomerangTLS_newMemoryBIO() else {
            SSL_free(ssl)
            throw TLSError(.outOfResources, "BIO_new")
        }
        SSL_set_bio(ssl, input, output)
        SSL_set_accept_state(ssl)
        self.ssl = ssl
        self.input = input
        self.output = output
        self.context = context
        self.library = library
        self.localName = localName
        listenerPolicy = policy
        self.policy = policy
        SSL_set_ex_data(ssl, 0, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        SSL_free(ssl)
    }

    /// Whether the handshake is over and application data flows.
    public var isHandshakeComplete: Bool { security != nil }

    /// Whether the client's `close_notify` arrived.
    public var receivedCloseNotify: Bool { CBoomerangTLS_receivedShutdown(ssl) != 0 }

    // MARK: Ciphertext in, plaintext out

    /// Ciphertext from the client. It is copied; the buffer may be reused at once.
    public func receive(_ ciphertext: UnsafeRawBufferPointer) {
        guard !ciphertext.isEmpty else { return }
        _ = BIO_write(input, ciphertext.baseAddress, Int32(ciphertext.count))
    }

    /// Runs the handshake as far as the input allows, then decrypts into `buffer`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        if let failure { return .failed(failure) }
        // Nothing to read and nothing buffered: asking the library would only make it allocate
        // and free its record buffer again (SSL_MODE_RELEASE_BUFFERS).
        if security != nil, BIO_ctrl_pending(input) == 0, SSL_has_pending(ssl) == 0 { return .needsInput }
        var count = 0
        let result = SSL_read_ex(ssl, buffer.baseAddress, buffer.count, &count)
        if security == nil, SSL_is_init_finished(ssl) != 0 {
            security = facts()
        }
        if result == 1 { return .plaintext(count) }
        if let pendingFault { return .fault(pendingFault) }
        let error = SSL_get_error(ssl, result)
        if awaitedCredential != nil, error == SSL_ERROR_WANT_CLIENT_HELLO_CB { return .awaitingCredential }
        switch error {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
            return .needsInput
        case SSL_ERROR_ZERO_RETURN:
            return .closedByPeer
        default:
            let error = failure ?? TLSError.fromQueue(security == nil ? .handshakeFailed : .recordFailed, clientHello?.serverName ?? "")
            failure = error
            return .failed(error)
        }
    }

    // MARK: Plaintext in, ciphertext out

    /// Encrypts `plaintext` whole, once the handshake is complete.
    ///
    /// - Returns: the bytes taken: all of them, or 0 before the handshake is complete or after
    ///   the session failed or was shut down.
    public func write(_ plaintext: UnsafeRawBufferPointer) -> Int {
        guard isHandshakeComplete, failure == nil, !isShutDown, !plaintext.isEmpty else { return 0 }
        var written = 0
        guard SSL_write_ex(ssl, plaintext.baseAddress, plaintext.count, &written) == 1 else {
            failure = TLSError.fromQueue(.recordFailed, "write")
            return 0
        }
        return written
    }

    /// Queues `close_notify`: the server sends nothing more.
    public func shutdown() {
        guard !isShutDown, failure == nil, isHandshakeComplete else { return }
        isShutDown = true
        _ = SSL_shutdown(ssl)
        TLSError.takeLibraryError()
    }

    /// Ciphertext waiting to be sent.
    public var pendingCiphertext: Int { Int(BIO_ctrl_pending(output)) }

    /// Moves up to `buffer.count` bytes of waiting ciphertext into `buffer`.
    ///
    /// - Returns: how many.
    public func takeCiphertext(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = BIO_read(output, buffer.baseAddress, Int32(min(buffer.count, Int(Int32.max))))
        return max(0, Int(count))
    }

    // MARK: The handshake

    /// Reads what the client offered, chooses the policy (the name's, or the listener's), and
    /// applies it: versions, ciphers, client certificates, the certificate, or the fault.
    /// Called by OpenSSL from inside ``read(into:)``; returns `SSL_CLIENT_HELLO_…`.
    func clientHelloArrived(alert: UnsafeMutablePointer<Int32>?) -> Int32 {
        var hello = ClientHello(legacyVersion: UInt16(truncatingIfNeeded: SSL_client_hello_get0_legacy_version(ssl)), cipherSuites: [], extensions: [])
        do throws(ClientHelloError) {
            var ciphers: UnsafePointer<UInt8>?
            let cipherBytes = SSL_client_hello_get0_ciphers(ssl, &ciphers)
            hello.cipherSuites = try ClientHello.cipherSuites(UnsafeBufferPointer(start: ciphers, count: cipherBytes))
            hello.extensions = extensionsPresent()
            if let body = extensionBody(ClientHello.ExtensionType.serverName) {
                hello.serverName = try ClientHello.serverName(fromExtension: body)
            }
            if let body = extensionBody(ClientHello.ExtensionType.alpn) {
                hello.protocols = try ClientHello.protocols(fromExtension: body)
            }
            if let body = extensionBody(ClientHello.ExtensionType.signatureAlgorithms) {
                hello.signatureAlgorithms = try ClientHello.values(fromExtension: body, lengthBytes: 2, name: "signature_algorithms")
            }
            if let body = extensionBody(ClientHello.ExtensionType.supportedVersions) {
                hello.supportedVersions = try ClientHello.values(fromExtension: body, lengthBytes: 1, name: "supported_versions")
            }
        } catch {
            clientHelloError = error
        }
        clientHello = hello
        policy = hello.serverName.flatMap(context.policy(forName:)) ?? listenerPolicy
        switch policy.handshakeFault {
        case .alert(let description):
            alert?.pointee = description
            return SSL_CLIENT_HELLO_ERROR
        case .reset, .stall:
            pendingFault = policy.handshakeFault
            return SSL_CLIENT_HELLO_RETRY
        case nil:
            break
        }
        guard apply(policy) else {
            alert?.pointee = SSL_AD_INTERNAL_ERROR
            return SSL_CLIENT_HELLO_ERROR
        }
        let credential: TLSCredential
        if let deferred = policy.credential {
            // Never made here, on the event loop: the handshake is suspended until it is.
            guard let made = deferred.finished else {
                awaitedCredential = deferred
                return SSL_CLIENT_HELLO_RETRY
            }
            switch made {
            case .success(let loaded):
                credential = loaded
            case .failure(let error):
                failure = error
                alert?.pointee = SSL_AD_INTERNAL_ERROR
                return SSL_CLIENT_HELLO_ERROR
            }
        } else {
            credential = context.credential(for: hello.serverName ?? localName, fallback: library.fallback)
        }
        guard CBoomerangTLS_useCredential(ssl, credential.certificate, credential.key, credential.chain) == 1 else {
            alert?.pointee = SSL_AD_INTERNAL_ERROR
            return SSL_CLIENT_HELLO_ERROR
        }
        return SSL_CLIENT_HELLO_SUCCESS
    }

    /// Sets what `policy` asks of this connection; the security level first, since it decides
    /// which certificates, groups and versions the rest may use.
    private func apply(_ policy: TLSPolicy) -> Bool {
        if let level = policy.securityLevel { SSL_set_security_level(ssl, level) }
        guard CBoomerangTLS_setVersions(ssl, policy.minimumVersion.rawValue, policy.maximumVersion.rawValue) == 1 else { return false }
        if let list = policy.cipherList, SSL_set_cipher_list(ssl, list) != 1 { return false }
        if let suites = policy.cipherSuites, SSL_set_ciphersuites(ssl, suites) != 1 { return false }
        if let pem = policy.dhParametersPEM {
            guard let parameters = CBoomerangTLS_readParameters(pem) else { return false }
            guard SSL_set0_tmp_dh_pkey(ssl, parameters) == 1 else {
                EVP_PKEY_free(parameters)
                return false
            }
        }
        // Sessions resume only within the scenario they were made in: a ticket from a valid
        // certificate's port must not skip the check of an expired one.
        let context = Array((policy.scenario ?? "boomerang").utf8.prefix(32))
        guard SSL_set_session_id_context(ssl, context, UInt32(context.count)) == 1 else { return false }
        switch policy.clientCertificates {
        case .none:
            break
        case .optional, .required:
            guard let authority = library.clientAuthority, let store = library.clientAuthorityStore,
                CBoomerangTLS_setVerifyStore(ssl, store) == 1
            else { return false }
            CBoomerangTLS_setClientAuthorityName(ssl, authority)
            if policy.clientCertificates == .required {
                SSL_set_verify(ssl, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nil)
            } else {
                SSL_set_verify(ssl, SSL_VERIFY_PEER, tlsAcceptAnyClientCertificate)
            }
        }
        return true
    }

    private func extensionsPresent() -> [UInt16] {
        var list: UnsafeMutablePointer<Int32>?
        var count = 0
        guard SSL_client_hello_get1_extensions_present(ssl, &list, &count) == 1, let list else { return [] }
        defer { CBoomerangTLS_free(list) }
        return UnsafeBufferPointer(start: list, count: count).map { UInt16(truncatingIfNeeded: $0) }
    }

    private func extensionBody(_ type: UInt16) -> UnsafeBufferPointer<UInt8>? {
        var body: UnsafePointer<UInt8>?
        var count = 0
        guard SSL_client_hello_get0_ext(ssl, UInt32(type), &body, &count) == 1 else { return nil }
        return UnsafeBufferPointer(start: body, count: count)
    }

    /// OpenSSL's info callback saw an alert go by.
    func alertPassed(received: Bool, value: Int32) {
        if received {
            alertReceived = value & 0xFF
        } else {
            alertSent = value & 0xFF
        }
    }

    // MARK: A failed handshake

    /// What the client offered and why the handshake failed: for `error` when the library
    /// refused it, otherwise for `cause` (the client closed, the deadline passed).
    public func failureReport(cause: HandshakeFailure.Cause, durationMicroseconds: Int) -> HandshakeFailure {
        var report = HandshakeFailure(cause: cause, durationMicroseconds: durationMicroseconds)
        if let failure {
            report.detail = failure.detail.isEmpty ? nil : failure.detail
            report.cause = Self.cause(of: failure, alert: alertReceived) ?? cause
        }
        if policy.handshakeFault != nil { report.cause = .scenario }
        report.scenario = policy.scenario
        report.alertReceived = alertReceived.map(TLSAlert.name)
        report.alertSent = alertSent.map(TLSAlert.name)
        if let hello = clientHello {
            report.serverName = hello.serverName
            let versions = hello.supportedVersions.isEmpty ? [hello.legacyVersion] : hello.supportedVersions
            report.offeredVersions = versions.filter { !ClientHello.isGREASE($0) }.map(Self.versionName)
            report.offeredCiphers = hello.cipherSuites.filter { !ClientHello.isGREASE($0) }.map(cipherName)
            report.offeredProtocols = hello.protocols
            report.ja4 = hello.ja4
        }
        return report
    }

    private static func cause(of error: TLSError, alert: Int32?) -> HandshakeFailure.Cause? {
        let reason = error.reason
        if let alert = alert ?? (reason >= SSL_AD_REASON_OFFSET && reason < SSL_AD_REASON_OFFSET + 256 ? reason - SSL_AD_REASON_OFFSET : nil) {
            return TLSAlert.certificateRejections.contains(alert) ? .certificateRejected : .clientAlert
        }
        switch reason {
        case SSL_R_NO_SHARED_CIPHER, SSL_R_NO_SHARED_GROUPS, SSL_R_NO_SUITABLE_SIGNATURE_ALGORITHM: return .noSharedCipher
        case SSL_R_UNSUPPORTED_PROTOCOL, SSL_R_VERSION_TOO_LOW, SSL_R_VERSION_TOO_HIGH: return .noSharedVersion
        case SSL_R_PEER_DID_NOT_RETURN_A_CERTIFICATE: return .noClientCertificate
        case SSL_R_CERTIFICATE_VERIFY_FAILED: return .clientCertificateRejected
        case SSL_R_WRONG_VERSION_NUMBER, SSL_R_LENGTH_MISMATCH, SSL_R_BAD_PACKET_LENGTH, SSL_R_RECORD_LENGTH_MISMATCH,
            SSL_R_PACKET_LENGTH_TOO_LONG, SSL_R_LENGTH_TOO_SHORT, SSL_R_BAD_EXTENSION, SSL_R_UNEXPECTED_MESSAGE:
            return .malformed
        default: return nil
        }
    }

    private static func versionName(_ version: UInt16) -> String {
        switch version {
        case 0x0304: "TLSv1.3"
        case 0x0303: "TLSv1.2"
        case 0x0302: "TLSv1.1"
        case 0x0301: "TLSv1"
        case 0x0300: "SSLv3"
        default: "0x" + String(version, radix: 16, uppercase: true)
        }
    }

    /// A cipher suite's IANA name, or its number in hex when the library does not know it.
    private func cipherName(_ suite: UInt16) -> String {
        let bytes: [UInt8] = [UInt8(suite >> 8), UInt8(suite & 0xFF)]
        let known = bytes.withUnsafeBufferPointer { SSL_CIPHER_find(ssl, $0.baseAddress) }
        if let known, let name = SSL_CIPHER_standard_name(known) { return String(cString: name) }
        let hex = String(suite, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    private func facts() -> TransportSecurity {
        let version = SSL_get_version(ssl).map { String(cString: $0) } ?? "unknown"
        let cipher = SSL_get_current_cipher(ssl).flatMap { SSL_CIPHER_standard_name($0) }.map { String(cString: $0) } ?? "unknown"
        var selected: UnsafePointer<UInt8>?
        var selectedCount: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &selected, &selectedCount)
        let alpn = selected.flatMap { selectedCount == 0 ? nil : String(decoding: UnsafeBufferPointer(start: $0, count: Int(selectedCount)), as: UTF8.self) }
        return TransportSecurity(
            version: version, cipher: cipher, alpn: alpn, serverName: clientHello?.serverName, resumed: SSL_session_reused(ssl) == 1,
            ja4: clientHello?.ja4, clientCertificate: peerCertificate(), scenario: policy.scenario)
    }

    /// The certificate the client sent, if it sent one.
    private func peerCertificate() -> TransportSecurity.PeerCertificate? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        func name(_ name: OpaquePointer?) -> String {
            var text = [CChar](repeating: 0, count: 1024)
            let count = text.withUnsafeMutableBufferPointer { CBoomerangTLS_nameText(name, $0.baseAddress, Int32($0.count)) }
            return String(decoding: text.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var serial = [CChar](repeating: 0, count: 128)
        let hasSerial = serial.withUnsafeMutableBufferPointer { CBoomerangTLS_serialText(certificate, $0.baseAddress, Int32($0.count)) } == 1
        var digest = [UInt8](repeating: 0, count: 32)
        var digestLength: UInt32 = 0
        X509_digest(certificate, EVP_sha256(), &digest, &digestLength)
        return TransportSecurity.PeerCertificate(
            subject: name(X509_get_subject_name(certificate)), issuer: name(X509_get_issuer_name(certificate)),
            serial: hasSerial ? String(decoding: serial.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "",
            sha256: digest.prefix(Int(digestLength)).map(Hex.uppercase).joined(),
            notBefore: Self.timestamp(CBoomerangTLS_notBefore(certificate)), notAfter: Self.timestamp(CBoomerangTLS_notAfter(certificate)),
            verified: SSL_get_verify_result(ssl) == X509_V_OK)
    }

    /// Seconds since 1970 as the admin API writes times; empty when the library gave none.
    private static func timestamp(_ seconds: Int64) -> String {
        seconds >= 0 ? WallClock.iso8601(Double(seconds)) : ""
    }
}

/// The verify callback of an optional client certificate: any certificate is taken, and the
/// echo says whether it verified (`SSL_get_verify_result`).
private func tlsAcceptAnyClientCertificate(_: Int32, _: OpaquePointer?) -> Int32 {
    1
}

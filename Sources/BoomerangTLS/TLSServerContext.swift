import BoomerangRuntime
import CBoomerangTLS
import Synchronization

/// The server side of TLS for every HTTPS listener: OpenSSL's context (versions, options, ticket
/// keys) and the certificate each handshake presents, chosen by the name the client asked for.
/// Shared by every loop; ``TLSSession``s are made from it per connection.
///
/// OpenSSL's part is made when the first connection needs it, not with the context: setting up
/// the library, its context and the first certificates takes more than the rest of the server's
/// start-up, and a server that nobody reaches over HTTPS never pays for it.
public final class TLSServerContext: @unchecked Sendable {
    /// The certificate for a name (SNI, or the address the client connected to when it sent
    /// none), or nil to present ``Material/fallback``. Called once per name; the answer is kept.
    public typealias CredentialSource = @Sendable (_ name: String) -> TLSCredential?
    /// The policy of a name the client asked for with SNI (a scenario's), or nil for the
    /// listener's own.
    public typealias PolicySource = @Sendable (_ serverName: String) -> TLSPolicy?

    /// What the library's context is made from, when it is first needed.
    public struct Material: Sendable {
        /// Presented when the source has nothing for a name.
        public var fallback: TLSCredential
        /// The CA trusted for client certificates (PEM), whose name goes with the request for one.
        public var clientAuthorityPEM: String?

        public init(fallback: TLSCredential, clientAuthorityPEM: String?) {
            self.fallback = fallback
            self.clientAuthorityPEM = clientAuthorityPEM
        }
    }

    /// OpenSSL's context and what it needs, once made.
    final class Library: @unchecked Sendable {
        let pointer: OpaquePointer
        let fallback: TLSCredential
        /// The client CA, trusted for client certificates, and its name, sent with the request for one.
        let clientAuthority: OpaquePointer?
        let clientAuthorityStore: OpaquePointer?

        init(protocolList: UnsafeMutableBufferPointer<UInt8>, material: Material) throws(TLSError) {
            if let pem = material.clientAuthorityPEM {
                let certificate = try TLSCredential.readCertificates(pem).first
                guard let certificate, let store = CBoomerangTLS_newStore(certificate) else {
                    throw TLSError.fromQueue(.invalidCredential, "client CA")
                }
                clientAuthority = certificate
                clientAuthorityStore = store
            } else {
                clientAuthority = nil
                clientAuthorityStore = nil
            }
            guard let pointer = CBoomerangTLS_newServerContext(protocolList.baseAddress) else {
                X509_free(clientAuthority)
                X509_STORE_free(clientAuthorityStore)
                throw TLSError.fromQueue(.outOfResources, "SSL_CTX_new")
            }
            self.pointer = pointer
            fallback = material.fallback
            SSL_CTX_set_client_hello_cb(pointer, tlsClientHelloArrived, nil)
            SSL_CTX_set_info_callback(pointer, tlsInfo)
        }

        deinit {
            X509_free(clientAuthority)
            X509_STORE_free(clientAuthorityStore)
            SSL_CTX_free(pointer)
        }
    }

    private let material: @Sendable () throws(TLSError) -> Material
    private let library = Locked<Result<Library, TLSError>?>(nil)
    private let source: CredentialSource
    private let policies: PolicySource
    private let credentials = Locked<[String: TLSCredential]>([:])
    /// The ALPN protocols, length-prefixed, zero-terminated; OpenSSL's callback reads it for the
    /// context's whole life.
    private let protocolList: UnsafeMutableBufferPointer<UInt8>
    /// The most names whose credential is kept; past it the table starts again.
    static let maxCachedCredentials = 1024
    /// How long a handshake may take from the connection's start.
    public let handshakeTimeoutNanoseconds: UInt64
    /// The most handshakes under way at once, over every loop; a connection past it is closed
    /// as soon as it is accepted.
    public let maxHandshakesInFlight: Int
    private let handshakesInFlight = Atomic<Int>(0)

    /// Creates a context that offers `protocols` with ALPN, in that order of preference, and
    /// makes OpenSSL's part from `material` when the first connection needs it.
    public init(
        protocols: [String] = ["http/1.1"], handshakeTimeoutNanoseconds: UInt64 = 10_000_000_000, maxHandshakesInFlight: Int = 1024,
        policies: @escaping PolicySource = { _ in nil }, material: @escaping @Sendable () throws(TLSError) -> Material,
        source: @escaping CredentialSource
    ) {
        self.material = material
        self.policies = policies
        self.source = source
        self.handshakeTimeoutNanoseconds = handshakeTimeoutNanoseconds
        self.maxHandshakesInFlight = maxHandshakesInFlight
        var encoded: [UInt8] = []
        for name in protocols {
            encoded.append(UInt8(name.utf8.count))
            encoded.append(contentsOf: name.utf8)
        }
        encoded.append(0)
        protocolList = .allocate(capacity: encoded.count)
        _ = protocolList.initialize(from: encoded)
    }

    deinit {
        library.withLock { $0 = nil }
        protocolList.deallocate()
    }

    /// OpenSSL's context, made now if it is not yet; a failure is kept and given again.
    func prepared() throws(TLSError) -> Library {
        let result: Result<Library, TLSError> = library.withLock { library in
            if let library { return library }
            let made: Result<Library, TLSError>
            do throws(TLSError) {
                try OpenSSLLibrary.load()
                made = .success(try Library(protocolList: protocolList, material: material()))
            } catch {
                made = .failure(error)
            }
            library = made
            return made
        }
        return try result.get()
    }

    /// Makes OpenSSL's part now rather than at the first connection.
    public func prepare() throws(TLSError) {
        _ = try prepared()
    }

    /// Takes a place for one more handshake; false when ``maxHandshakesInFlight`` are under way.
    public func admitHandshake() -> Bool {
        let before = handshakesInFlight.add(1, ordering: .relaxed).oldValue
        guard before < maxHandshakesInFlight else {
            handshakesInFlight.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Gives back the place of a handshake that finished or ended.
    public func handshakeEnded() {
        handshakesInFlight.subtract(1, ordering: .relaxed)
    }

    /// The handshakes under way now.
    public var handshakesUnderWay: Int { handshakesInFlight.load(ordering: .relaxed) }

    /// The policy of a name asked for with SNI, when it has one of its own.
    func policy(forName name: String) -> TLSPolicy? {
        policies(name)
    }

    /// The credential for `name`, from the table or the source.
    func credential(for name: String, fallback: TLSCredential) -> TLSCredential {
        if let known = credentials.withLock({ $0[name] }) { return known }
        let made = source(name) ?? fallback
        credentials.withLock { table in
            if table.count >= Self.maxCachedCredentials { table.removeAll() }
            table[name] = made
        }
        return made
    }
}

/// OpenSSL's ClientHello callback: the session behind the SSL object picks its certificate.
private func tlsClientHelloArrived(_ ssl: OpaquePointer?, _ alert: UnsafeMutablePointer<Int32>?, _: UnsafeMutableRawPointer?) -> Int32 {
    guard let ssl, let context = SSL_get_ex_data(ssl, 0) else { return SSL_CLIENT_HELLO_ERROR }
    let session = Unmanaged<TLSSession>.fromOpaque(context).takeUnretainedValue()
    return session.clientHelloArrived(alert: alert)
}

/// `SSL_CB_READ_ALERT` and `SSL_CB_WRITE_ALERT` (expressions Swift does not import).
private let readAlert: Int32 = 0x4004
private let writeAlert: Int32 = 0x4008

/// OpenSSL's info callback: the session notes the alerts each side sent.
private func tlsInfo(_ ssl: OpaquePointer?, _ point: Int32, _ value: Int32) {
    guard point & 0x4000 != 0, let ssl, let context = SSL_get_ex_data(ssl, 0) else { return }
    let session = Unmanaged<TLSSession>.fromOpaque(context).takeUnretainedValue()
    if point & readAlert == readAlert {
        session.alertPassed(received: true, value: value)
    } else if point & writeAlert == writeAlert {
        session.alertPassed(received: false, value: value)
    }
}

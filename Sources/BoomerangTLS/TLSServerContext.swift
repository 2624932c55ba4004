import CBoomerangTLS
import Synchronization

/// The server side of TLS for one listener: OpenSSL's context (versions, options, ticket keys,
/// session cache) and the certificate each handshake presents, chosen by the name the client
/// asked for. Shared by every loop; ``TLSSession``s are made from it per connection.
public final class TLSServerContext: @unchecked Sendable {
    /// The certificate for a name (SNI, or the address the client connected to when it sent
    /// none), or nil to present ``fallback``. Called once per name; the answer is kept.
    public typealias CredentialSource = @Sendable (_ name: String) -> TLSCredential?
    /// The policy of a name the client asked for with SNI (a scenario's), or nil for the
    /// listener's own.
    public typealias PolicySource = @Sendable (_ serverName: String) -> TLSPolicy?

    let pointer: OpaquePointer
    /// Presented when the source has nothing for a name.
    public let fallback: TLSCredential
    private let source: CredentialSource
    private let policies: PolicySource
    /// The client CA, trusted for client certificates, and its name, sent with the request for one.
    let clientAuthority: OpaquePointer?
    let clientAuthorityStore: OpaquePointer?
    private let credentials = Mutex<[String: TLSCredential]>([:])
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

    /// Creates a context that offers `protocols` with ALPN, in that order of preference.
    public init(
        protocols: [String] = ["http/1.1"], fallback: TLSCredential, handshakeTimeoutNanoseconds: UInt64 = 10_000_000_000,
        maxHandshakesInFlight: Int = 1024, clientAuthorityPEM: String? = nil, policies: @escaping PolicySource = { _ in nil },
        source: @escaping CredentialSource
    ) throws(TLSError) {
        if let clientAuthorityPEM {
            let certificate = try TLSCredential.readCertificates(clientAuthorityPEM).first
            guard let certificate, let store = CBoomerangTLS_newStore(certificate) else {
                throw TLSError.fromQueue(.invalidCredential, "client CA")
            }
            clientAuthority = certificate
            clientAuthorityStore = store
        } else {
            clientAuthority = nil
            clientAuthorityStore = nil
        }
        self.policies = policies
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
        guard let pointer = CBoomerangTLS_newServerContext(protocolList.baseAddress) else {
            protocolList.deallocate()
            throw TLSError.fromQueue(.outOfResources, "SSL_CTX_new")
        }
        self.pointer = pointer
        self.fallback = fallback
        self.source = source
        SSL_CTX_set_client_hello_cb(pointer, tlsClientHelloArrived, nil)
        SSL_CTX_set_info_callback(pointer, tlsInfo)
    }

    deinit {
        X509_free(clientAuthority)
        X509_STORE_free(clientAuthorityStore)
        SSL_CTX_free(pointer)
        protocolList.deallocate()
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
    func credential(for name: String) -> TLSCredential {
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

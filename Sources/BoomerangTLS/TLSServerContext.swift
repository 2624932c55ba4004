import CBoomerangTLS
import Synchronization

/// The server side of TLS for one listener: OpenSSL's context (versions, options, ticket keys,
/// session cache) and the certificate each handshake presents, chosen by the name the client
/// asked for. Shared by every loop; ``TLSSession``s are made from it per connection.
public final class TLSServerContext: @unchecked Sendable {
    /// The certificate for a name (SNI, or the address the client connected to when it sent
    /// none), or nil to present ``fallback``. Called once per name; the answer is kept.
    public typealias CredentialSource = @Sendable (_ name: String) -> TLSCredential?

    let pointer: OpaquePointer
    /// Presented when the source has nothing for a name.
    public let fallback: TLSCredential
    private let source: CredentialSource
    private let credentials = Mutex<[String: TLSCredential]>([:])
    /// The ALPN protocols, length-prefixed, zero-terminated; OpenSSL's callback reads it for the
    /// context's whole life.
    private let protocolList: UnsafeMutableBufferPointer<UInt8>
    /// The most names whose credential is kept; past it the table starts again.
    static let maxCachedCredentials = 1024

    /// Creates a context that offers `protocols` with ALPN, in that order of preference.
    public init(protocols: [String] = ["http/1.1"], fallback: TLSCredential, source: @escaping CredentialSource) throws(TLSError) {
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
    }

    deinit {
        SSL_CTX_free(pointer)
        protocolList.deallocate()
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
    return session.clientHelloArrived(alert: alert) ? SSL_CLIENT_HELLO_SUCCESS : SSL_CLIENT_HELLO_ERROR
}

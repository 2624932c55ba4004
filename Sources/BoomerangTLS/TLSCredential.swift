import CBoomerangTLS

/// A certificate, its private key and the chain sent after it, parsed once and shared by every
/// handshake that presents them. Immutable after `init`; OpenSSL counts the references each
/// connection takes, so it is safe to share between loops.
public final class TLSCredential: @unchecked Sendable {
    let certificate: OpaquePointer
    let key: OpaquePointer
    let chain: OpaquePointer

    /// Reads a certificate chain (the leaf first, then its issuers) and its private key, both PEM.
    ///
    /// - Throws: ``TLSError/Code/invalidCredential`` when either cannot be read, the chain is
    ///   empty, or the key is not the leaf's; ``TLSError/Code/libraryUnavailable`` without
    ///   OpenSSL.
    public init(chainPEM: String, privateKeyPEM: String) throws(TLSError) {
        try OpenSSLLibrary.load()
        var certificates = try Self.readCertificates(chainPEM)
        guard !certificates.isEmpty else { throw TLSError(.invalidCredential, detail: "no certificate in the chain") }
        guard let key = Self.readKey(privateKeyPEM) else {
            certificates.forEach { X509_free($0) }
            throw TLSError.fromQueue(.invalidCredential, "private key")
        }
        guard X509_check_private_key(certificates[0], key) == 1 else {
            certificates.forEach { X509_free($0) }
            EVP_PKEY_free(key)
            throw TLSError.fromQueue(.invalidCredential, "the key is not the certificate's")
        }
        guard let chain = CBoomerangTLS_newCertificateStack() else {
            certificates.forEach { X509_free($0) }
            EVP_PKEY_free(key)
            throw TLSError(.outOfResources)
        }
        certificate = certificates.removeFirst()
        for issuer in certificates where CBoomerangTLS_pushCertificate(chain, issuer) <= 0 {
            X509_free(issuer)
        }
        self.key = key
        self.chain = chain
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(key)
        CBoomerangTLS_freeCertificateStack(chain)
    }

    /// The certificates in `pem`, in order; nil when no buffer could be made. The memory BIO
    /// reads the string in place, so it lives only inside `withCString`.
    static func readCertificates(_ pem: String) throws(TLSError) -> [OpaquePointer] {
        let certificates: [OpaquePointer]? = pem.withCString { text in
            guard let bio = BIO_new_mem_buf(text, -1) else { return nil }
            defer { BIO_free(bio) }
            var certificates: [OpaquePointer] = []
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                certificates.append(certificate)
            }
            return certificates
        }
        // Reading to the end leaves "no start line" on the queue.
        TLSError.takeLibraryError()
        guard let certificates else { throw TLSError(.outOfResources) }
        return certificates
    }

    private static func readKey(_ pem: String) -> OpaquePointer? {
        pem.withCString { text in
            guard let bio = BIO_new_mem_buf(text, -1) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
    }
}

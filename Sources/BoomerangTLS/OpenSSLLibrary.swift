import CBoomerangOpenSSL

/// OpenSSL's libssl and libcrypto, which are not linked but loaded the first time TLS is used
/// (see `CBoomerangOpenSSL.h` for why). Every way into OpenSSL in this module loads it first.
enum OpenSSLLibrary {
    /// Loads OpenSSL, once per process.
    ///
    /// - Throws: ``TLSError/Code/libraryUnavailable`` with the loader's reason (e.g. no
    ///   `libssl.so.3` on the machine: Debian's `libssl3`), for this and every later call.
    static func load() throws(TLSError) {
        guard let reason = CBoomerangOpenSSL_load() else { return }
        throw TLSError(.libraryUnavailable, "libssl", detail: String(cString: reason))
    }
}

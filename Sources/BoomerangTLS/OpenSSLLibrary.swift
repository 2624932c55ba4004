import CBoomerangOpenSSL

/// OpenSSL's libssl and libcrypto, which are not linked but loaded the first time TLS is used
/// (see `CBoomerangOpenSSL.h` for why). Every way into OpenSSL in this module loads it first.
enum OpenSSLLibrary {
    /// Loads OpenSSL, once per process.
    ///
    /// - Throws: ``TLSError/Code/libraryUnavailable`` with the loader's reason (e.g. no
    ///   `libssl.so.3` on the machine: Debian's `libssl3`), for this and every later call.
    static func load() throws(TLSError) {
        var reason = [CChar](repeating: 0, count: 256)
        let loaded = reason.withUnsafeMutableBufferPointer { CBoomerangOpenSSL_load($0.baseAddress, $0.count) }
        guard loaded == 0 else { return }
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw TLSError(.libraryUnavailable, "libssl.so.3", detail: text)
    }
}

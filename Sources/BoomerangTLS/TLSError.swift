import CBoomerangTLS

/// A TLS set-up or handshake that failed, with OpenSSL's reason when it gave one.
public struct TLSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        public var description: String { name }

        /// OpenSSL 3's libraries (`libssl.so.3`, `libcrypto.so.3`) could not be loaded.
        public static let libraryUnavailable = Code(name: "tls_library_unavailable")
        /// The library could not make a context, a session or a buffer.
        public static let outOfResources = Code(name: "tls_out_of_resources")
        /// A certificate or key in PEM could not be read, or they do not match.
        public static let invalidCredential = Code(name: "tls_invalid_credential")
        /// The handshake failed (a protocol error, no shared version or cipher, an alert).
        public static let handshakeFailed = Code(name: "tls_handshake_failed")
        /// A record could not be decrypted or verified after the handshake.
        public static let recordFailed = Code(name: "tls_record_failed")
    }

    /// What went wrong.
    public let code: Code
    /// The value concerned (a server name), when there is one.
    public let value: String
    /// OpenSSL's error text, e.g. `error:0A0000C1:SSL routines::no shared cipher`.
    public let detail: String
    /// OpenSSL's reason code (`SSL_R_…`; an alert the client sent is 1000 plus its number); 0
    /// when the library gave none.
    public let reason: Int32

    /// Creates an error.
    public init(_ code: Code, _ value: String = "", detail: String = "", reason: Int32 = 0) {
        self.code = code
        self.value = value
        self.detail = detail
        self.reason = reason
    }

    /// An error with the reason on top of this thread's OpenSSL error queue, which it clears.
    static func fromQueue(_ code: Code, _ value: String = "") -> TLSError {
        let library = takeLibraryError()
        return TLSError(code, value, detail: library?.text ?? "", reason: library?.reason ?? 0)
    }

    /// The oldest error on this thread's OpenSSL queue, or nil; the queue is cleared.
    @discardableResult
    static func takeLibraryError() -> (text: String, reason: Int32)? {
        var text = [CChar](repeating: 0, count: 256)
        let code = text.withUnsafeMutableBufferPointer { CBoomerangTLS_takeError($0.baseAddress, $0.count) }
        guard code != 0 else { return nil }
        return (String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), CBoomerangTLS_errorReason(code))
    }

    public var description: String {
        var text = "\(code)"
        if !value.isEmpty { text += " (\(value))" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}

import CBoomerangTLS

/// A TLS set-up or handshake that failed, with OpenSSL's reason when it gave one.
public struct TLSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        public var description: String { name }

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

    /// Creates an error.
    public init(_ code: Code, _ value: String = "", detail: String = "") {
        self.code = code
        self.value = value
        self.detail = detail
    }

    /// An error with the reason on top of this thread's OpenSSL error queue, which it clears.
    static func fromQueue(_ code: Code, _ value: String = "") -> TLSError {
        TLSError(code, value, detail: takeLibraryError() ?? "")
    }

    /// The oldest error on this thread's OpenSSL queue as text, or nil; the queue is cleared.
    static func takeLibraryError() -> String? {
        var text = [CChar](repeating: 0, count: 256)
        let code = text.withUnsafeMutableBufferPointer { CBoomerangTLS_takeError($0.baseAddress, $0.count) }
        guard code != 0 else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String {
        var text = "\(code)"
        if !value.isEmpty { text += " (\(value))" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}

/// A ClientHello extension that could not be read: what was wrong, the value concerned and the
/// byte offset in the extension's body where reading stopped.
public struct ClientHelloError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Code: String, Sendable, Hashable {
        /// The body ends before a length says it does.
        case truncated = "client_hello_truncated"
        /// A list's length disagrees with the body's, or an element's length is impossible.
        case badLength = "client_hello_bad_length"
        /// A server name that is empty, too long or not printable ASCII.
        case badServerName = "client_hello_bad_server_name"
    }

    /// What was wrong.
    public let code: Code
    /// The extension (`server_name`, `alpn`…) and, where it helps, the offending value.
    public let value: String
    /// Where in the extension's body reading stopped.
    public let offset: Int

    /// Creates an error.
    public init(_ code: Code, _ value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    public var description: String { "\(code.rawValue) in \(value) at byte \(offset)" }
}

/// A libevent or system call that failed, with the `errno` it left.
public struct LibeventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C function that failed.
    public let function: String
    /// The `errno` value after the failure (0 when the function does not set it).
    public let errno: Int32
    /// The function's own explanation when it does not use `errno` (`gai_strerror` for
    /// `getaddrinfo`).
    public let reason: String?

    /// Creates an error for a failed C call.
    public init(function: String, errno: Int32, reason: String? = nil) {
        self.function = function
        self.errno = errno
        self.reason = reason
    }

    public var description: String {
        if let reason { return "\(function) failed: \(reason)" }
        guard errno != 0, let message = strerror(errno) else { return "\(function) failed" }
        return "\(function) failed: \(String(cString: message)) (errno \(errno))"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

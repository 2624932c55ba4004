#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket connected to a port on 127.0.0.1, for the tests' own clients.
public enum LoopbackSocket {
    /// Why a socket could not be made or connected.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with its errno.
        public let description: String
    }

    /// A connected socket; `configure` runs on it before it connects (buffer sizes).
    public static func connect(port: Int, configure: (Int32) -> Void = { _ in }) throws(Failure) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        configure(fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let failure = Failure(description: "connect failed: errno \(errno)")
            close(fd)
            throw failure
        }
        return fd
    }

    /// A loopback port with nothing listening: bound, then closed at once.
    public static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

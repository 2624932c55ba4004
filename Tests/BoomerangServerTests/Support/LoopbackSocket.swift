import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket connected to a port on 127.0.0.1, for the tests' own clients.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A connected socket; `configure` runs on it before it connects (buffer sizes).
    static func connect(port: Int, configure: (Int32) -> Void = { _ in }) throws(Failure) -> Int32 {
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
}

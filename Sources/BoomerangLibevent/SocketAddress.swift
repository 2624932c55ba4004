// A copied-out IPv4 or IPv6 socket address: a plain value, safe on any thread.
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address and port.
struct SocketAddress: Sendable {
    private var storage: sockaddr_storage

    init(storage: sockaddr_storage) {
        self.storage = storage
    }

    init(_ pointer: UnsafePointer<sockaddr>, length: socklen_t) {
        storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Int(length)))
        }
    }

    /// The local address of a connected socket, the one the client connected to.
    static func local(of fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? SocketAddress(storage: storage) : nil
    }

    var family: sa_family_t { storage.ss_family }

    var port: Int {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            switch Int32(storage.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default:
                0
            }
        }
    }

    mutating func setPort(_ port: Int) {
        withUnsafeMutablePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = UInt16(port).bigEndian }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = UInt16(port).bigEndian }
            default:
                break
            }
        }
    }

    /// The address as text without the port: `127.0.0.1`, `::1`.
    var host: String {
        var copy = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &copy) { pointer -> String in
            switch Int32(storage.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    var addr = $0.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    var addr = $0.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
                }
            default:
                return ""
            }
            return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
    }

    func withSockaddr<R, E: Error>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R) throws(E) -> R {
        var copy = storage
        let length: socklen_t =
            Int32(storage.ss_family) == AF_INET6
            ? socklen_t(MemoryLayout<sockaddr_in6>.size) : socklen_t(MemoryLayout<sockaddr_in>.size)
        return try withUnsafePointer(to: &copy) { pointer throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa throws(E) -> R in try body(sa, length) }
        }
    }
}

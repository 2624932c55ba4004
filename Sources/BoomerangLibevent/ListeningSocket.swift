// Creates bound, listening, non-blocking TCP sockets. Runs on the thread that starts the server,
// before any loop runs; each socket is then handed to one loop's `Listener`, which owns it.
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// Binding a listening socket.
public enum ListeningSocket {
    /// Resolves `host`, checks that nobody else listens on the port, and opens `count` sockets
    /// bound to the same address with `SO_REUSEPORT`, so each loop accepts from its own queue
    /// (one socket, when `count` is 1, without it).
    ///
    /// A port taken by another process is detected by a first bind without `SO_REUSEPORT`
    /// (a second process with `SO_REUSEPORT` would otherwise share the port silently).
    ///
    /// - Returns: the descriptors and the port they are bound to (the chosen one when `port` is 0).
    public static func open(host: String, port: Int, count: Int) throws(LibeventError) -> (fds: [Int32], port: Int) {
        let address = try resolve(host: host, port: port)
        // The port the kernel chose is free again between the probe's close and the sockets' bind:
        // another server starting then (tests start many in one process) may be given it.
        var attempts = port == 0 ? 8 : 1
        while true {
            do {
                return try open(address, count: count)
            } catch where error.errno == EADDRINUSE && attempts > 1 {
                attempts -= 1
            }
        }
    }

    private static func open(_ address: SocketAddress, count: Int) throws(LibeventError) -> (fds: [Int32], port: Int) {
        if count == 1 {
            // Without SO_REUSEPORT the bind itself refuses a port in use, and nobody can share it.
            let fd = try bind(address, reusePort: false)
            return ([fd], localPort(of: fd))
        }
        var address = address
        let probe = try bind(address, reusePort: false)
        let boundPort = localPort(of: probe)
        Glibc.close(probe)
        address.setPort(boundPort)
        var fds: [Int32] = []
        do {
            for _ in 0..<count {
                fds.append(try bind(address, reusePort: true))
            }
        } catch {
            close(fds[...])
            throw error
        }
        return (fds, boundPort)
    }

    /// Closes sockets that no loop took over.
    public static func close(_ fds: ArraySlice<Int32>) {
        fds.forEach { _ = Glibc.close($0) }
    }

    private static func resolve(host: String, port: Int) throws(LibeventError) -> SocketAddress {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            let reason = status == EAI_SYSTEM ? nil : gai_strerror(status).map { String(cString: $0) }
            throw LibeventError(function: "getaddrinfo(\(host))", errno: status == EAI_SYSTEM ? errno : 0, reason: reason)
        }
        defer { freeaddrinfo(result) }
        return SocketAddress(first.pointee.ai_addr, length: first.pointee.ai_addrlen)
    }

    private static func bind(_ address: SocketAddress, reusePort: Bool) throws(LibeventError) -> Int32 {
        let fd = try cCall("socket") {
            socket(Int32(address.family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            var on: Int32 = 1
            let size = socklen_t(MemoryLayout<Int32>.size)
            try cCall("setsockopt(SO_REUSEADDR)") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, size) }
            if reusePort {
                try cCall("setsockopt(SO_REUSEPORT)") { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, size) }
            }
            _ = try address.withSockaddr { pointer, length throws(LibeventError) in
                try cCall("bind") { Glibc.bind(fd, pointer, length) }
            }
            try cCall("listen") { listen(fd, 1024) }
            try cCall("evutil_make_socket_nonblocking") { evutil_make_socket_nonblocking(fd) }
            return fd
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    private static func localPort(of fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return SocketAddress(storage: storage).port
    }
}

import BoomerangRuntime
import BoomerangServer
import BoomerangSettings
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A Boomerang server on an ephemeral loopback port for one client test; shut down when released.
final class ClientLiveServer: @unchecked Sendable {
    let server: Server
    let port: Int

    init() throws {
        var settings = ServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.accessLog = false
        settings.shutdownTimeout = 2
        settings.mappingsDirectory = nil
        ProcessSetup.prepare()
        server = Server(settings: settings)
        port = try server.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit {
        server.shutdown()
    }

    /// A loopback port with nothing listening: bound, then closed at once.
    static func closedPort() -> Int {
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

import BoomerangRuntime
import BoomerangServer
import BoomerangSettings
import Foundation

/// A server on an ephemeral loopback port for one test, over real sockets and threads; shut
/// down when released. For what only sockets show: framing over TCP, resets, slow clients, real
/// clients (URLSession, curl, Python, a browser).
public final class LiveServer: TestClient, @unchecked Sendable {
    /// The running server.
    public let server: Server
    /// The port it listens on.
    public let port: Int
    /// The HTTPS port, when the test turned TLS on (`httpsPort = 0` in `configure`).
    public var httpsPort: Int? { server.httpsPort }

    /// Starts a server with `ServerSettings`' defaults, no access log and no mapping folder,
    /// changed by `configure`.
    public init(threads: Int = 1, configure: (inout ServerSettings) -> Void = { _ in }) throws {
        var settings = ServerSettings()
        settings.port = 0
        settings.threads = threads
        settings.httpsPort = nil
        settings.accessLog = false
        settings.shutdownTimeout = 2
        // The package's own config/mappings are examples for people, not fixtures.
        settings.mappingsDirectory = nil
        configure(&settings)
        ProcessSetup.prepare()
        server = Server(settings: settings)
        port = try server.start()
    }

    public var authority: String { "127.0.0.1:\(port)" }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://\(authority)" }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: baseURL + path)!
    }

    /// A new connection.
    public func connect() throws -> RawConnection {
        try RawConnection(port: port)
    }

    /// Sends `request` on a new connection and reads one response, waiting at most `timeout`
    /// seconds for each read.
    public func send(_ request: [UInt8], timeout: Double) throws -> TestResponse {
        let connection = try RawConnection(port: port, timeout: timeout)
        return try connection.execute(TestRequest(raw: request))
    }

    deinit {
        server.shutdown()
    }
}

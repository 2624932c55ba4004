import BoomerangRuntime
import BoomerangServer
import BoomerangSettings
import Foundation

/// A server on an ephemeral loopback port for one test; shut down when released.
final class LiveServer: @unchecked Sendable {
    let server: Server
    let port: Int

    init(threads: Int = 1, configure: (inout ServerSettings) -> Void = { _ in }) throws {
        var settings = ServerSettings()
        settings.port = 0
        settings.threads = threads
        settings.accessLog = false
        settings.shutdownTimeout = 2
        // The package's own config/mappings are examples for people, not fixtures.
        settings.mappingsDirectory = nil
        configure(&settings)
        ProcessSetup.prepare()
        server = Server(settings: settings)
        port = try server.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func url(_ path: String) -> URL {
        URL(string: baseURL + path)!
    }

    deinit {
        server.shutdown()
    }
}

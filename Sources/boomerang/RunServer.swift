import BoomerangLibevent
import BoomerangOperations
import BoomerangRuntime
import BoomerangServer
import BoomerangSettings
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Prepares the process (``ProcessSetup``), starts the server with `settings`, prints one start-up
/// line with its URL, serves until SIGINT or SIGTERM, and returns once it has shut down gracefully.
func runServer(_ settings: ServerSettings) throws {
    let level = Logger.Level(rawValue: settings.logLevel) ?? .info
    LoggingSystem.bootstrap { LineLogHandler(label: $0, format: settings.logFormat, level: level) }
    ProcessSetup.prepare()
    let server = Server(settings: settings, logger: Logger(label: "boomerang"))
    do {
        try server.runUntilSignalled { port in
            let host = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
            let loops = settings.threads.map(String.init) ?? "one per core"
            let https = server.httpsPort.map { " and https://\(host):\($0)/" } ?? ""
            print("Boomerang listening on http://\(host):\(port)/\(https) (event loops: \(loops))")
            server.prepareTLSScenarios()
            fflush(nil)
        }
    } catch {
        throw ServeError(settings: settings, underlying: error)
    }
}

/// Why the server could not start, in words a user can act on.
struct ServeError: Error, CustomStringConvertible {
    let settings: ServerSettings
    let underlying: LibeventError

    var description: String {
        if underlying.function == "HTTPS", let reason = underlying.reason {
            return "could not serve HTTPS: \(reason)"
        }
        return switch underlying.errno {
        case EADDRINUSE:
            "port \(settings.port) on \(settings.host) is already in use; stop the other server or choose another port with --port (or PORT)"
        case EACCES:
            "not allowed to listen on port \(settings.port) on \(settings.host); ports below 1024 need privileges"
        case EADDRNOTAVAIL:
            "\(settings.host) is not an address of this machine"
        default:
            "could not start the server on \(settings.host):\(settings.port): \(underlying)"
        }
    }
}

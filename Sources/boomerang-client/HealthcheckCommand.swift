import ArgumentParser
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `boomerang healthcheck`: one GET, exit 0 on a 2xx answer in time, 1 otherwise; for container
/// health checks.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Check that a server answers: exit 0 on a 2xx answer in time, 1 otherwise."
    )

    @Option(
        help: ArgumentHelp(
            "The URL to GET. (default: http://127.0.0.1:$PORT/__admin/health, PORT from the environment or 8080)",
            valueName: "url"))
    var url: String = Self.defaultURL(environment: ProcessInfo.processInfo.environment)

    /// The server `boomerang serve` starts with the same environment: its `PORT`, on loopback.
    static func defaultURL(environment: [String: String]) -> String {
        let port = environment["PORT"].flatMap { Int($0) }.flatMap { (1...65535).contains($0) ? $0 : nil } ?? 8080
        return "http://127.0.0.1:\(port)/__admin/health"
    }

    @Option(help: ArgumentHelp("Seconds to wait for the whole answer.", valueName: "seconds"))
    var timeout: Double = 5

    func validate() throws {
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme),
            components.host?.isEmpty == false
        else {
            throw ValidationError("'\(url)' is not an http or https URL")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be above 0 and at most 3600 seconds")
        }
    }

    func run() throws {
        guard let target = URL(string: url) else { throw ValidationError("'\(url)' is not an http or https URL") }
        let timeout = timeout
        let status = try runBlocking { try await Self.status(of: target, timeout: timeout) }
        guard (200..<300).contains(status) else {
            throw HealthcheckFailure(message: "\(url) answered \(status)")
        }
    }

    /// The status code of a GET of `url`, or an error if no answer came within `timeout` seconds.
    static func status(of url: URL, timeout: Double) async throws(HealthcheckFailure) -> Int {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        do {
            let (_, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw HealthcheckFailure(message: "\(url.absoluteString) did not answer with HTTP")
            }
            return http.statusCode
        } catch let failure as HealthcheckFailure {
            throw failure
        } catch let error as URLError where error.code == .timedOut {
            // FoundationNetworking describes this one only as "NSURLErrorDomain error -1001".
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            throw HealthcheckFailure(message: "\(url.absoluteString) did not answer: timed out after \(seconds) s")
        } catch {
            throw HealthcheckFailure(message: "\(url.absoluteString) did not answer: \(error.localizedDescription)")
        }
    }
}

/// Why a health check failed; ArgumentParser prints it and exits with status 1.
struct HealthcheckFailure: Error, CustomStringConvertible {
    /// The sentence printed on standard error.
    var message: String

    var description: String { message }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A tiny Python `http.server` on an ephemeral loopback port: `/ok` 200, `/empty` 204,
/// `/fail` 503, `/slow` 200 after 5 s, anything else 404.
private final class PythonServer {
    private static let script = """
        import http.server, sys, time
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == '/slow':
                    time.sleep(5)
                code = {'/ok': 200, '/empty': 204, '/fail': 503, '/slow': 200}.get(self.path, 404)
                self.send_response(code)
                self.send_header('Content-Length', '0')
                self.end_headers()
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private let process = Process()
    let port: Int

    init() throws {
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        // SIGKILL, not SIGTERM: the test runner's blocked signals are inherited by the child.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

@Suite struct HealthcheckCommandTests {
    @Test(arguments: ["/ok", "/empty"])
    func successfulAnswerExitsZero(_ path: String) throws {
        let server = try PythonServer()
        let result = try Subprocess.runBoomerang(["healthcheck", "--url", server.url(path)])
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "")
    }

    @Test(arguments: [("/fail", 503), ("/missing", 404)])
    func errorStatusExitsOne(_ path: String, status: Int) throws {
        let server = try PythonServer()
        let result = try Subprocess.runBoomerang(["healthcheck", "--url", server.url(path)])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: \(server.url(path)) answered \(status)\n")
    }

    @Test func slowAnswerTimesOutAndExitsOne() throws {
        // `/slow` answers 200 after 5 s: exit status 1 says the check gave up before that.
        let server = try PythonServer()
        let result = try Subprocess.runBoomerang(["healthcheck", "--url", server.url("/slow"), "--timeout", "1"])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: \(server.url("/slow")) did not answer: timed out after 1 s\n")
    }

    @Test func closedPortExitsOne() throws {
        let port: Int
        do {
            let server = try PythonServer()
            port = server.port
        }
        let url = "http://127.0.0.1:\(port)/"
        let result = try Subprocess.runBoomerang(["healthcheck", "--url", url, "--timeout", "2"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: \(url) did not answer: "))
    }

    /// Without `--url` the check asks the server `serve` starts with the same environment.
    @Test func withoutAURLThePortComesFromTheEnvironment() throws {
        let port: Int
        do {
            let server = try PythonServer()
            port = server.port
        }
        let result = try Subprocess.runBoomerang(["healthcheck", "--timeout", "2"], environment: ["PORT": "\(port)"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: http://127.0.0.1:\(port)/__admin/health did not answer: "))
    }

    @Test(arguments: ["ftp://127.0.0.1/", "127.0.0.1:8080", "http://"])
    func nonHTTPURLIsAUsageError(_ url: String) throws {
        let result = try Subprocess.runBoomerang(["healthcheck", "--url", url])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: '\(url)' is not an http or https URL\n"))
    }
}

import BoomerangTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The outcome of running a program to its end.
struct Completed {
    var status: Int32
    /// Standard output, byte for byte.
    var output: [UInt8]
    var standardError: String

    var standardOutput: String { String(decoding: output, as: UTF8.self) }
}

/// Runs built programs and helper scripts as child processes for the tests.
enum Subprocess {
    /// The `boomerang` binary built beside the test bundle.
    static let boomerang: URL = {
        let besideTests = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(
            path: "boomerang"
        )
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appending(path: ".build/debug/boomerang")
    }()

    /// The root of the package, from this file's path.
    static let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The sanitizers' options of this process (`make sanitize` sets `LSAN_OPTIONS`), passed on to
    /// every child so that a sanitized `boomerang` reads the same suppressions.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter {
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
    }

    /// Runs `boomerang` with `arguments` in `directory` with exactly `environment` (and the
    /// sanitizers' options, when set), and waits for it.
    static func runBoomerang(
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: URL = FileManager.default.temporaryDirectory
    ) throws -> Completed {
        let process = Process()
        process.executableURL = boomerang
        process.arguments = arguments
        process.environment = environment.merging(sanitizerOptions) { given, _ in given }
        process.currentDirectoryURL = directory
        return try runToEnd(process)
    }

    /// Runs `python3 -c script` with the `boomerang` binary's path as its argument, with this
    /// process's environment (sanitizer options included), and waits for it; output goes to
    /// files, as with ``runBoomerang(_:environment:in:)``.
    static func runPython(_ script: String) throws -> Completed {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, boomerang.path]
        process.environment = ProcessInfo.processInfo.environment.merging(sanitizerOptions) { _, given in given }
        return try runToEnd(process)
    }

    /// Runs `command` with `/bin/sh -c` in `directory`, with this process's environment, and waits for it.
    static func runShell(_ command: String, in directory: URL) throws -> Completed {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        return try runToEnd(process)
    }

    /// Runs a Python `script` that prints `count` whole numbers, and returns them. A script that
    /// fails is an issue at the caller's line; one that printed something else throws.
    static func runPythonForFigures(_ script: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        let run = try runPython(script)
        #expect(run.status == 0, "\(run.standardError)", sourceLocation: sourceLocation)
        let figures = run.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(figures.count == count, "\(run.standardOutput)", sourceLocation: sourceLocation)
        return figures
    }

    /// Python lines (for a script that imports `re`, `subprocess` and `sys`) that start
    /// `command serve --port 0` with `options` (Python string literals, comma-separated), its
    /// standard error going to `standardError` and with `environment` (Python expressions; `None`
    /// is the script's environment), wait for it to listen, and leave the process in `server`
    /// and its port in `port`. The server is killed when the script ends, however it ends.
    static func pythonServerStart(
        options: String, command: String = "sys.argv[1]", standardError: String = "subprocess.STDOUT", environment: String = "None"
    ) -> String {
        """
        server = subprocess.Popen([\(command), "serve", "--port", "0", "--https-port", "off", \(options)],
                                  stdout=subprocess.PIPE, stderr=\(standardError), text=True, env=\(environment))
        # A script that fails before it stops the server would leave it running.
        __import__("atexit").register(server.kill)
        found = None
        while found is None:
            line = server.stdout.readline()
            if not line:
                sys.exit("the server stopped before it listened")
            found = re.search(r"listening on http://127\\.0\\.0\\.1:(\\d+)", line)
        port = int(found.group(1))
        """
    }

    /// Starts `process` with its output going to files, not pipes (a pipe's write end can leak
    /// into a child that another test spawns at the same moment, and then reading to its end
    /// never finishes), and waits for it.
    private static func runToEnd(_ process: Process) throws -> Completed {
        let outputDirectory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outputDirectory) }
        let outputURL = outputDirectory.appending(path: "stdout")
        let errorURL = outputDirectory.appending(path: "stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Completed(
            status: process.terminationStatus,
            output: Array(try Data(contentsOf: outputURL)),
            standardError: try String(decoding: Data(contentsOf: errorURL), as: UTF8.self)
        )
    }

    /// A new empty directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "boomerang-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

/// A `boomerang` process that keeps running until the test stops it.
final class RunningBoomerang {
    let process: Process
    let outputDirectory: URL

    init(process: Process, outputDirectory: URL) {
        self.process = process
        self.outputDirectory = outputDirectory
    }

    var standardOutput: String { read("stdout") }
    var standardError: String { read("stderr") }

    private func read(_ name: String) -> String {
        (try? String(decoding: Data(contentsOf: outputDirectory.appending(path: name)), as: UTF8.self)) ?? ""
    }

    /// Waits up to `timeout` seconds for a line of standard output that contains `text`.
    func waitForOutputLine(containing text: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = standardOutput.split(separator: "\n").first(where: { $0.contains(text) }) {
                return String(line)
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Subprocess.Failure(description: "no output line with \"\(text)\"; stderr: \(standardError)")
    }

    /// Sends `signal`, waits for the exit (SIGKILL after 10 s) and returns the exit status.
    func stop(signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: outputDirectory)
    }
}

extension Subprocess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `boomerang` with `arguments`; output goes to files read by the returned handle.
    /// HTTPS is off unless `environment` sets `HTTPS_PORT`.
    static func startBoomerang(
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: URL = FileManager.default.temporaryDirectory
    ) throws -> RunningBoomerang {
        let outputDirectory = try temporaryDirectory()
        let outputURL = outputDirectory.appending(path: "stdout")
        let errorURL = outputDirectory.appending(path: "stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = boomerang
        process.arguments = arguments
        process.environment = environment.merging(sanitizerOptions.merging(["HTTPS_PORT": "off"]) { given, _ in given }) { given, _ in given }
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        return RunningBoomerang(process: process, outputDirectory: outputDirectory)
    }

    /// A socket connected to the loopback `port`.
    static func socket(port: Int) throws -> Int32 {
        do {
            return try LoopbackSocket.connect(port: port)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// One GET over a plain socket; the raw response text.
    static func get(port: Int, path: String) throws -> String {
        let fd = try socket(port: port)
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: response, as: UTF8.self)
    }
}

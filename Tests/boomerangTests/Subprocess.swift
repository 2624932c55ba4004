import Foundation

/// The outcome of running a program to its end.
struct Completed {
    var status: Int32
    var standardOutput: String
    var standardError: String
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

    /// Runs `boomerang` with `arguments` in `directory` with exactly `environment`, and waits for it.
    static func runBoomerang(
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: URL = FileManager.default.temporaryDirectory
    ) throws -> Completed {
        // Output goes to files, not pipes: a pipe's write end can leak into a child that another
        // test spawns at the same moment, and then reading to its end never finishes.
        let outputDirectory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outputDirectory) }
        let outputURL = outputDirectory.appending(path: "stdout")
        let errorURL = outputDirectory.appending(path: "stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = boomerang
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Completed(
            status: process.terminationStatus,
            standardOutput: try String(decoding: Data(contentsOf: outputURL), as: UTF8.self),
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

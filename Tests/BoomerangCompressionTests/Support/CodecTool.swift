import Foundation

/// Independent encoders and decoders run as child processes: Python's `zlib` and `gzip` modules
/// and Debian's `brotli` and `zstd` tools (installed by `make deps`).
enum CodecTool {
    struct Failure: Error, CustomStringConvertible {
        var command: [String]
        var status: Int32
        var standardError: String
        var description: String { "\(command.joined(separator: " ")) exited \(status): \(standardError)" }
    }

    /// Runs `command` with `input` on standard input and returns its standard output.
    static func run(_ command: [String], input: [UInt8]) throws -> [UInt8] {
        // Files, not pipes: a pipe's write end can leak into a child that another test spawns at
        // the same moment, and then reading to its end never finishes.
        let directory = FileManager.default.temporaryDirectory.appending(path: "boomerang-codec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appending(path: "stdin")
        let outputURL = directory.appending(path: "stdout")
        let errorURL = directory.appending(path: "stderr")
        try Data(input).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let standardInput = try FileHandle(forReadingFrom: inputURL)
        let standardOutput = try FileHandle(forWritingTo: outputURL)
        let standardError = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = command
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        process.waitUntilExit()
        try standardInput.close()
        try standardOutput.close()
        try standardError.close()
        guard process.terminationStatus == 0 else {
            throw Failure(
                command: command,
                status: process.terminationStatus,
                standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
            )
        }
        return Array(try Data(contentsOf: outputURL))
    }

    /// Runs a Python expression over `data` (standard input's bytes); it must give bytes.
    static func python(_ expression: String, imports: String, input: [UInt8]) throws -> [UInt8] {
        let script = "import sys, \(imports)\ndata = sys.stdin.buffer.read()\nsys.stdout.buffer.write(\(expression))\n"
        return try run(["python3", "-c", script], input: input)
    }

    static func pythonGzip(_ data: [UInt8]) throws -> [UInt8] {
        try python("gzip.compress(data)", imports: "gzip", input: data)
    }

    static func pythonGunzip(_ data: [UInt8]) throws -> [UInt8] {
        try python("gzip.decompress(data)", imports: "gzip", input: data)
    }

    static func pythonZlib(_ data: [UInt8]) throws -> [UInt8] {
        try python("zlib.compress(data)", imports: "zlib", input: data)
    }

    static func pythonUnzlib(_ data: [UInt8]) throws -> [UInt8] {
        try python("zlib.decompress(data)", imports: "zlib", input: data)
    }

    static func pythonRawDeflate(_ data: [UInt8]) throws -> [UInt8] {
        try python(
            "(lambda c: c.compress(data) + c.flush())(zlib.compressobj(6, zlib.DEFLATED, -15))",
            imports: "zlib",
            input: data
        )
    }

    static func brotli(_ data: [UInt8]) throws -> [UInt8] {
        try run(["brotli", "-c"], input: data)
    }

    static func unbrotli(_ data: [UInt8]) throws -> [UInt8] {
        try run(["brotli", "-d", "-c"], input: data)
    }

    static func zstd(_ data: [UInt8], level: Int = 3) throws -> [UInt8] {
        try run(["zstd", "-q", "-c", "-\(level)"], input: data)
    }

    static func unzstd(_ data: [UInt8]) throws -> [UInt8] {
        try run(["zstd", "-q", "-d", "-c"], input: data)
    }
}

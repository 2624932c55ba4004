import Foundation

/// Runs a real client (curl, python3) as a subprocess and captures what it prints.
package enum ExternalTool {
    package struct Output {
        package var status: Int32
        package var stdout: Data
        package var stderr: String

        package var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: stdout)) as? [String: Any]
        }
    }

    /// Runs `executable` (found on the path) with `arguments`, `input` on its standard input and
    /// `environment` added to this process's, and waits for it.
    package static func run(_ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws
        -> Output
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(input)
        }
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }
}

import BoomerangCertificates
import Foundation
import Testing

/// A temporary folder for one test, removed at the end, and the `openssl` and `python3` runs
/// the tests check the certificates with.
struct CertificateWorkspace: ~Copyable {
    /// The temporary folder.
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appending(path: "boomerang-ca-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The CA's folder inside the workspace.
    var caFolder: String { path + "/ca" }

    /// Writes `text` to `name` in the workspace and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(filePath: file))
        return file
    }

    /// `openssl verify` of `leaf` against `root` with `intermediate` as untrusted, and what it printed.
    func verify(leafPEM: String, root: String, intermediate: String?, purpose: String = "sslserver") throws -> (passed: Bool, output: String) {
        let leaf = try write(leafPEM, to: "leaf-\(UUID().uuidString).pem")
        var arguments = ["verify", "-purpose", purpose, "-CAfile", root]
        if let intermediate { arguments += ["-untrusted", intermediate] }
        let result = try Self.run("/usr/bin/openssl", arguments + [leaf])
        return (result.status == 0, result.output)
    }

    /// Runs `program` with `arguments` and returns its status and its output and error text together.
    static func run(_ program: String, _ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(input) }
        try inputPipe.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

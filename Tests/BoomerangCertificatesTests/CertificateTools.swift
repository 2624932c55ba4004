import BoomerangCertificates
import Foundation
import Testing
import X509

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

    /// `openssl verify` of `leaf` against `root` with `intermediate` as untrusted and `options`
    /// (`-verify_hostname name`, `-partial_chain`), and what it printed.
    func verify(
        leafPEM: String, root: String, intermediate: String?, purpose: String = "sslserver", options: [String] = []
    ) throws -> (passed: Bool, output: String) {
        let leaf = try write(leafPEM, to: "leaf-\(UUID().uuidString).pem")
        var arguments = ["verify", "-purpose", purpose, "-CAfile", root] + options
        if let intermediate { arguments += ["-untrusted", intermediate] }
        let result = try Self.run("/usr/bin/openssl", arguments + [leaf])
        return (result.status == 0, result.output)
    }

    /// What `openssl x509 -noout -text` prints of the first certificate in `pem`.
    func text(ofCertificate pem: String) throws -> String {
        let file = try write(pem, to: "text-\(UUID().uuidString).pem")
        let result = try Self.run("/usr/bin/openssl", ["x509", "-noout", "-text", "-in", file])
        guard result.status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: result.output]) }
        return result.output
    }

    /// NSS's verdict (`vfychain`, the path validation of Firefox and of Chrome on Linux) on
    /// `leaf` as an SSL server certificate with `intermediate`, in a database that trusts only `root`.
    func verifyWithNSS(leaf: Certificate, intermediate: Certificate, root: Certificate) throws -> (passed: Bool, output: String) {
        let database = path + "/nssdb-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        let created = try Self.run("/usr/bin/certutil", ["-N", "-d", "sql:" + database, "--empty-password"])
        let rootFile = try write(root.pemText, to: "nss-root-\(UUID().uuidString).pem")
        let added = try Self.run("/usr/bin/certutil", ["-A", "-d", "sql:" + database, "-n", "root", "-t", "C,,", "-i", rootFile])
        guard created.status == 0, added.status == 0 else { return (false, created.output + added.output) }
        let leafFile = path + "/nss-leaf-\(UUID().uuidString).der"
        let intermediateFile = path + "/nss-intermediate-\(UUID().uuidString).der"
        try Data(leaf.derBytes).write(to: URL(filePath: leafFile))
        try Data(intermediate.derBytes).write(to: URL(filePath: intermediateFile))
        let result = try Self.run("/usr/bin/vfychain", ["-d", "sql:" + database, "-u", "1", leafFile, intermediateFile])
        return (result.output.contains("Chain is good!"), result.output)
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

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `boomerang ca`: the folder comes from the settings, every subcommand runs against it, and a
/// change of tls_names asks for a rotation.
@Suite struct CACommandTests {
    /// What README tells a new user: start the server, then
    /// `curl --cacert "$(boomerang ca path)" https://localhost:8443/get` (a free port here).
    @Test func theServersCertificateVerifiesWithTheRootThatCAPathNames() throws {
        let root = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["TLS_STATE_DIRECTORY": root.appending(path: "ca").path, "HTTPS_PORT": "0", "TLS_SCENARIO_PORTS": "off"]
        let server = try Subprocess.startBoomerang(["--port", "0", "--no-access-log"], environment: environment, in: root)
        let line = try server.waitForOutputLine(containing: "listening on")
        let port = try #require(line.split(separator: " ").first { $0.hasPrefix("https://") }.flatMap { Int($0.split(separator: ":").last!.dropLast()) })
        let path = try Subprocess.runBoomerang(["ca", "path"], environment: environment, in: root)
        #expect(path.status == 0, "\(path.standardError)")
        let rootFile = path.standardOutput.trimmingCharacters(in: .newlines)
        #expect(rootFile == root.appending(path: "ca/root.pem").path)
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/curl")
        process.arguments = ["-sS", "--cacert", rootFile, "https://localhost:\(port)/get"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let body = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let echo = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((echo["tls"] as? [String: Any])?["version"] as? String == "TLSv1.3")
        #expect(server.stop(signal: SIGTERM) == 0)
    }

    @Test func subcommandsUseTheFolderFromTheEnvironment() throws {
        let root = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appending(path: "state/ca").path
        let environment = ["TLS_STATE_DIRECTORY": folder]

        let show = try Subprocess.runBoomerang(["ca", "show"], environment: environment, in: root)
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput.hasPrefix("Folder: \(folder)\nPermitted names: localhost, 127.0.0.0/8, ::1/128\n"))
        #expect(show.standardOutput.contains("Root: CN=Boomerang Local Root CA,O=Boomerang\n"))
        #expect(show.standardOutput.contains("  SPKI SHA-256 pin: "))

        let export = try Subprocess.runBoomerang(["ca", "export", "--format", "der", "--output", "root.cer"], environment: environment, in: root)
        #expect(export.status == 0, "\(export.standardError)")
        let pem = try String(contentsOfFile: folder + "/root.pem", encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(try Data(contentsOf: root.appending(path: "root.cer")) == Data(base64Encoded: body))

        let client = try Subprocess.runBoomerang(["ca", "client-certificate", "alice", "--password", "pw"], environment: environment, in: root)
        #expect(client.status == 0, "\(client.standardError)")
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "alice.p12").path))

        let help = try Subprocess.runBoomerang(["ca", "install-help"], environment: environment, in: root)
        #expect(help.standardOutput.contains("xcrun simctl keychain booted add-root-cert \(folder)/root.pem\n"))
        #expect(help.standardOutput.contains("certutil -A -d sql:$HOME/.pki/nssdb -t C,, -n boomerang-root -i \(folder)/root.pem\n"))

        let widened = try Subprocess.runBoomerang(["ca", "show"], environment: environment.merging(["TLS_NAMES": "example.test"]) { $1 }, in: root)
        #expect(widened.status == 1)
        #expect(widened.standardError.contains("permitted_names_changed"), "\(widened.standardError)")
        let rotate = try Subprocess.runBoomerang(["ca", "rotate"], environment: environment.merging(["TLS_NAMES": "example.test"]) { $1 }, in: root)
        #expect(rotate.status == 0, "\(rotate.standardError)")
        #expect(try String(contentsOfFile: folder + "/root.pem", encoding: .utf8) != pem)

        let delete = try Subprocess.runBoomerang(["ca", "delete", "--folder", folder], in: root)
        #expect(delete.status == 0, "\(delete.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// The Java lines of `install-help`, run against a copy of the JDK's truststore in place of
    /// `-cacerts`: the root goes in with its own fingerprint, and comes out again.
    @Test func theJavaLinesOfInstallHelpImportAndRemoveTheRoot() throws {
        let root = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["TLS_STATE_DIRECTORY": root.appending(path: "ca").path]
        let help = try Subprocess.runBoomerang(["ca", "install-help"], environment: environment, in: root)
        #expect(help.status == 0, "\(help.standardError)")
        let lines = help.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let install = try #require(lines.first { $0.hasPrefix("keytool -importcert") })
        let remove = try #require(lines.first { $0.hasPrefix("remove: keytool -delete") }?.dropFirst("remove: ".count))
        let java = try FileManager.default.destinationOfSymbolicLink(atPath: "/etc/alternatives/java")
        let store = root.appending(path: "cacerts").path
        // Its contents, never the file: the JDK's cacerts is a link to the system's truststore.
        try Data(contentsOf: URL(filePath: java).deletingLastPathComponent().deletingLastPathComponent().appending(path: "lib/security/cacerts"))
            .write(to: URL(filePath: store))
        let local = { (line: Substring) in line.replacingOccurrences(of: " -cacerts ", with: " -keystore \(store) ") }
        let listed = "keytool -list -keystore \(store) -storepass changeit -alias boomerang-root -v"

        #expect(try Subprocess.runShell(local(install[...]), in: root).status == 0)
        let entry = try Subprocess.runShell(listed, in: root)
        #expect(entry.status == 0, "\(entry.standardError)")
        let fingerprint = try #require(lines.first { $0.hasPrefix("SHA-256 fingerprint: ") }?.dropFirst("SHA-256 fingerprint: ".count))
        #expect(entry.standardOutput.contains("SHA256: \(fingerprint)"), "\(entry.standardOutput)")
        #expect(entry.standardOutput.contains("Owner: CN=Boomerang Local Root CA, O=Boomerang"))

        #expect(try Subprocess.runShell(local(remove), in: root).status == 0)
        #expect(try Subprocess.runShell(listed, in: root).status != 0)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `scenarios` folder inside the CA's folder (mode 0700), where the scenario certificates
/// are kept so that they, and the keys a client may have pinned, stay the same across restarts.
/// For a scenario `name` (a slug, so that the files of two scenarios never share a name):
///
/// - `name.crt`: the leaf then its chain in PEM, what a server sends (mode 0644);
/// - `name.key`: the leaf's key in PKCS#8 PEM (mode 0600; refused when others may read it);
/// - `name.json`: what the certificate was made for (``Record``), removed first and written last
///   when the scenario is made, so that one cut off while being written is made again.
struct ScenarioFolder: Sendable {
    /// What a scenario certificate was made for.
    struct Record: Codable, Sendable, Hashable {
        /// Its kind (``ScenarioCertificateKind/identifier``).
        var kind: String
        /// The host it is served at.
        var host: String
        /// The SHA-256 fingerprint of the intermediate of the CA that made it.
        var intermediate: String
        /// Whether it also names `localhost`, 127.0.0.1 and ::1 (absent in a record: no).
        var loopback: Bool? = nil
    }

    /// The stored files of one scenario.
    struct Stored: Sendable {
        /// The leaf then its chain in PEM.
        let chainPEM: String
        /// The leaf's key in PEM.
        let keyPEM: String
        /// What it was made for.
        let record: Record
    }

    /// A scenario's files.
    enum Suffix: String, CaseIterable, Sendable {
        case chain = ".crt"
        case key = ".key"
        case record = ".json"
    }

    /// The folder's path.
    let path: String

    /// The scenarios folder of the CA kept in `authorityFolder`.
    init(authorityFolder: String) {
        path = authorityFolder.hasSuffix("/") ? authorityFolder + "scenarios" : authorityFolder + "/scenarios"
    }

    /// The path of scenario `name`'s file with `suffix`.
    func path(of name: String, _ suffix: Suffix) -> String {
        path + "/" + name + suffix.rawValue
    }

    /// Whether `name` is a scenario slug: 1 to 64 lower-case ASCII letters, digits and `-`, not
    /// starting with `-`.
    static func isScenarioName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.first != 0x2D
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// Scenario `name`'s files, or nil when one is missing or its record does not parse (the
    /// scenario is then made again). A key file that others than its owner may read or write is
    /// refused (``CertificateAuthorityError/Code/keyFileExposed``).
    func read(_ name: String) throws(CertificateAuthorityError) -> Stored? {
        guard Suffix.allCases.allSatisfy({ access(path(of: name, $0), F_OK) == 0 }),
            let data = FileManager.default.contents(atPath: path(of: name, .record)),
            let record = try? JSONDecoder().decode(Record.self, from: data)
        else { return nil }
        let keyPEM = try StateFolder.readFile(atPath: path(of: name, .key), isKey: true)
        let chainPEM = try StateFolder.readFile(atPath: path(of: name, .chain), isKey: false)
        return Stored(chainPEM: chainPEM, keyPEM: keyPEM, record: record)
    }

    /// Writes scenario `name`'s files, making the folder first when it is missing.
    func write(_ name: String, chainPEM: String, keyPEM: String, record: Record) throws(CertificateAuthorityError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw StateFolder.systemError(path)
        }
        let recordPath = path(of: name, .record)
        if unlink(recordPath) != 0 && errno != ENOENT {
            throw StateFolder.systemError(recordPath)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let recordBytes: [UInt8]
        do {
            recordBytes = Array(try encoder.encode(record)) + [0x0A]
        } catch {
            throw CertificateAuthorityError(.fileSystem, recordPath, detail: String(describing: error))
        }
        try StateFolder.writeFile(atPath: path(of: name, .key), bytes: Array(keyPEM.utf8), mode: 0o600)
        try StateFolder.writeFile(atPath: path(of: name, .chain), bytes: Array(chainPEM.utf8), mode: 0o644)
        try StateFolder.writeFile(atPath: recordPath, bytes: recordBytes, mode: 0o644)
    }

    /// Removes the scenarios' files (and those of writes that were cut off), then the folder if
    /// nothing else is in it.
    func remove() throws(CertificateAuthorityError) {
        guard access(path, F_OK) == 0 else { return }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw CertificateAuthorityError(.fileSystem, path, detail: error.localizedDescription)
        }
        for file in files where Self.isScenarioFile(file) {
            let target = path + "/" + file
            if unlink(target) != 0 && errno != ENOENT {
                throw StateFolder.systemError(target)
            }
        }
        if rmdir(path) != 0 && errno != ENOENT && errno != ENOTEMPTY && errno != EEXIST {
            throw StateFolder.systemError(path)
        }
    }

    /// Whether `file` is one of a scenario's files, or the temporary file of one being written
    /// (``StateFolder/writeFile(atPath:bytes:mode:)`` adds `.new-` and a number).
    static func isScenarioFile(_ file: String) -> Bool {
        let base = file.range(of: ".new-").map { String(file[..<$0.lowerBound]) } ?? file
        return Suffix.allCases.contains { suffix in
            base.hasSuffix(suffix.rawValue) && isScenarioName(String(base.dropLast(suffix.rawValue.count)))
        }
    }
}

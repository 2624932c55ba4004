import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CA's folder: a folder of mode 0700 holding its certificates (0644) and keys (0600), each
/// written to a new file made with its final mode and renamed into place, and the folder of its
/// scenario certificates (``ScenarioFolder``).
struct StateFolder: Sendable {
    /// The files of a CA. The root's key is not among them: it signs the intermediate once and is dropped.
    enum File: String, CaseIterable, Sendable {
        case root = "root.pem"
        case intermediate = "intermediate.pem"
        case intermediateKey = "intermediate-key.pem"
        case clientAuthority = "client-ca.pem"
        case clientAuthorityKey = "client-ca-key.pem"

        /// Whether the file holds a private key, readable by its owner only.
        var isKey: Bool { self == .intermediateKey || self == .clientAuthorityKey }
    }

    /// The folder's path.
    let path: String

    /// The path of `file` in the folder.
    func path(of file: File) -> String {
        path.hasSuffix("/") ? path + file.rawValue : path + "/" + file.rawValue
    }

    /// The files of a CA that are in the folder.
    func presentFiles() -> [File] {
        File.allCases.filter { access(path(of: $0), F_OK) == 0 }
    }

    /// Makes the folder, mode 0700, and the folders above it that are missing.
    func create() throws(CertificateAuthorityError) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw CertificateAuthorityError(.fileSystem, parent, detail: error.localizedDescription)
            }
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Self.systemError(path)
        }
    }

    /// The lock file: an empty file that `withLock` holds an `flock` on.
    var lockPath: String {
        path.hasSuffix("/") ? path + ".lock" : path + "/.lock"
    }

    /// Runs `body` holding an exclusive lock on the folder, so that two processes (or threads)
    /// starting on a fresh folder make one CA between them rather than two that are mixed, and a
    /// reader never sees half of one written. Advisory, between Boomerang's own processes. Where
    /// the lock cannot be had (a read-only folder, a file system without `flock`), `body` runs
    /// unlocked: nothing can be written there, or nothing could be done about it.
    ///
    /// A lock file deleted while a process waited on it (a CA deleted meanwhile) is not a lock any
    /// more: the lock is taken again on the file now at the path, in the folder made again first
    /// when `makingFolder` (the caller is about to write a CA there).
    func withLock<Result>(makingFolder: Bool, _ body: () throws(CertificateAuthorityError) -> Result) throws(CertificateAuthorityError) -> Result {
        while true {
            if makingFolder { try create() }
            let descriptor = open(lockPath, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return try body() }
            defer { close(descriptor) }
            var locked = flock(descriptor, LOCK_EX)
            while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX) }
            guard locked == 0 else { return try body() }
            var held = stat()
            var current = stat()
            if fstat(descriptor, &held) == 0, stat(lockPath, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                return try body()
            }
            // Deleted or replaced while this process waited: again, on the file there now.
        }
    }

    /// Writes `text` to `file`, replacing it: a key with mode 0600, a certificate with 0644.
    func write(_ text: String, to file: File) throws(CertificateAuthorityError) {
        try Self.writeFile(atPath: path(of: file), bytes: Array(text.utf8), mode: file.isKey ? 0o600 : 0o644)
    }

    /// Writes `bytes` to a new file made with `mode` beside `target`, then renames it to `target`.
    static func writeFile(atPath target: String, bytes: [UInt8], mode: mode_t) throws(CertificateAuthorityError) {
        let temporary = target + ".new-" + String(UInt32.random(in: .min ... .max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw systemError(temporary) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw CertificateAuthorityError(.fileSystem, temporary, detail: error.localizedDescription)
        }
        guard rename(temporary, target) == 0 else {
            let error = systemError(target)
            unlink(temporary)
            throw error
        }
    }

    /// The text of `file`; a key file whose mode lets others than its owner read or write it is refused.
    func read(_ file: File) throws(CertificateAuthorityError) -> String {
        try Self.readFile(atPath: path(of: file), isKey: file.isKey)
    }

    /// The text of the file at `target`; when it `isKey`, a mode that lets others than its owner
    /// read or write it is refused.
    static func readFile(atPath target: String, isKey: Bool) throws(CertificateAuthorityError) -> String {
        if isKey {
            var status = stat()
            guard stat(target, &status) == 0 else { throw systemError(target) }
            guard status.st_mode & 0o077 == 0 else {
                throw CertificateAuthorityError(.keyFileExposed, target, detail: "mode " + String(status.st_mode & 0o777, radix: 8))
            }
        }
        guard let data = FileManager.default.contents(atPath: target), let text = String(data: data, encoding: .utf8) else {
            throw CertificateAuthorityError(.fileSystem, target, detail: "cannot read it")
        }
        return text
    }

    /// Removes the CA's files and its scenario certificates; when `folderToo`, the lock file and
    /// then the folder, if nothing else is in it.
    func remove(folderToo: Bool) throws(CertificateAuthorityError) {
        try ScenarioFolder(authorityFolder: path).remove()
        for file in presentFiles() where unlink(path(of: file)) != 0 && errno != ENOENT {
            throw Self.systemError(path(of: file))
        }
        guard folderToo else { return }
        unlink(lockPath)
        if rmdir(path) != 0 && errno != ENOENT && errno != ENOTEMPTY && errno != EEXIST {
            throw Self.systemError(path)
        }
    }

    /// A ``CertificateAuthorityError/Code/fileSystem`` error about `path` with the system's message for `errno`.
    static func systemError(_ path: String) -> CertificateAuthorityError {
        CertificateAuthorityError(.fileSystem, path, detail: String(cString: strerror(errno)))
    }
}

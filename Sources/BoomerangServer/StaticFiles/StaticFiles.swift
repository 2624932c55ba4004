import BoomerangSerialization
import Crypto

#if canImport(Glibc)
import Glibc
#endif

/// The web page's files, read once at start-up from one folder into memory, so a request can only
/// ever name a file that was found there: no path a client sends reaches the file system.
///
/// Only regular files are taken; dotfiles, dot-folders and symbolic links are skipped (a link
/// could point outside the folder). The folder is small (HTML, CSS and JavaScript modules).
struct StaticFiles: Sendable {
    /// One file, ready to serve.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong validator: the first 16 bytes of the content's SHA-256, quoted.
        let etag: String
    }

    /// Files by their path relative to the folder, `/`-separated (`index.html`, `img/logo.svg`).
    let files: [String: File]
    /// The folder they were read from.
    let directory: String

    /// Reads `directory`; a missing or unreadable folder gives no files.
    init(directory: String, maxFileBytes: Int = 4 << 20, maxFileCount: Int = 500) {
        self.directory = directory
        var files: [String: File] = [:]
        Self.walk(directory, prefix: "", into: &files, maxFileBytes: maxFileBytes, maxFileCount: maxFileCount)
        self.files = files
    }

    private static func walk(_ folder: String, prefix: String, into files: inout [String: File], maxFileBytes: Int, maxFileCount: Int) {
        guard let handle = opendir(folder) else { return }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if !Self.isHidden(name) { names.append(name) }
        }
        for name in names.sorted() where files.count < maxFileCount {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, prefix: prefix + name + "/", into: &files, maxFileBytes: maxFileBytes, maxFileCount: maxFileCount)
            case S_IFREG where Int(status.st_size) <= maxFileBytes:
                guard let bytes = read(path, size: Int(status.st_size)) else { continue }
                let digest = Hex.lowercase(SHA256.hash(data: bytes).prefix(16))
                files[prefix + name] = File(bytes: bytes, contentType: contentType(of: name), etag: "\"\(digest)\"")
            default:
                continue
            }
        }
    }

    /// Dotfiles, and the copies editors leave beside a file (`name~`, `#name#`, `.swp`, `.bak`,
    /// `.orig`), are never served.
    static func isHidden(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#")) { return true }
        let lowered = name.lowercased()
        return [".swp", ".swo", ".bak", ".orig"].contains { lowered.hasSuffix($0) }
    }

    /// The file's bytes, if it is still the regular file of `size` bytes that `lstat` saw: one
    /// swapped for a FIFO or a device in between is not read (a FIFO would block the start).
    private static func read(_ path: String, size: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == size else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, size - offset) }
            if count <= 0 { return nil }
            offset += count
        }
        return bytes
    }

    /// The Content-Type for a file name, by its extension.
    static func contentType(of name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return mediaTypes[ext] ?? "application/octet-stream"
    }

    private static let mediaTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8", "json": "application/json", "map": "application/json",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "ico": "image/vnd.microsoft.icon", "txt": "text/plain; charset=utf-8",
        "woff2": "font/woff2", "woff": "font/woff",
    ]
}

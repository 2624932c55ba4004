import BoomerangEcho
import BoomerangRuntime
import BoomerangSerialization
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The history's append-only file: one JSON object per line, each an entry as
/// `GET /__admin/requests/{id}` shows it, or a clear record (`{"cleared": …}`).
///
/// Durability: each line is one `write(2)` on a descriptor opened with `O_APPEND`, so a crash of
/// the process loses at most the line being written; `fdatasync` runs at most once a second, so a
/// power loss loses at most about the last second. At start the file is read back, a torn or
/// invalid line is skipped, clear records are applied, a line that repeats an id (an entry amended
/// after its response was cut) replaces the one before, the newest `maxEntryCount` entries are kept,
/// and the file is rewritten with only those; it is compacted the same way once it holds twice
/// that many lines.
///
/// Nothing in the file is lost to a mistake: a file with unreadable lines (other than a last line
/// torn by a crash), or longer than `maxReadBytes`, is renamed to `<path>.unreadable-<UTC time>`
/// before a new one is started; a path that is not a regular file (a folder, a device) is never
/// read past its type nor written. A file that cannot be written is reported in ``problem`` (and
/// `/__admin/health`), and logged at most once a minute.
package final class HistoryFile: Sendable {
    package let path: String
    private let maxEntryCount: Int
    private let maxReadBytes: Int
    private let options: EchoConfiguration
    private let log: Logger?

    private struct State {
        var fd: Int32 = -1
        var lines = 0
        var lastSync: UInt64 = 0
        /// Why the file is not being written, while it is not.
        var problem: String?
        var lastWarning: UInt64?
        /// The path is not a regular file: it is left alone.
        var refused = false
    }

    private let state = Locked(State())

    package init(path: String, maxEntryCount: Int, maxReadBytes: Int, options: EchoConfiguration, log: Logger?) {
        self.path = path
        self.maxEntryCount = maxEntryCount
        self.maxReadBytes = maxReadBytes
        self.options = options
        self.log = log
    }

    /// Why entries are not being written to the file, if they are not.
    package var problem: String? { state.withLock { $0.problem } }

    deinit {
        state.withLock { state in
            if state.fd >= 0 {
                fdatasync(state.fd)
                Glibc.close(state.fd)
            }
        }
    }

    /// The entries the file holds, oldest first, at most `maxEntryCount`. A file with unreadable
    /// lines is set aside first (its readable entries are still returned).
    package func load() -> [HistoryEntry] {
        guard let contents = readAtStart() else { return [] }
        let restored = Self.restoredLines(contents, keeping: maxEntryCount)
        if restored.torn { log?.info("history file \(path): skipped a last line cut short (the process stopped while writing it)") }
        if restored.unreadable > 0 {
            setAside(because: "\(restored.unreadable) line(s) are not history entries")
        }
        return restored.lines.compactMap { line in
            (try? JSONParser().parse(line)).flatMap { $0.objectValue }.flatMap { HistoryEntry(restoring: $0, bytes: line.count) }
        }
    }

    /// Replaces the file with these entries and opens it for appending.
    package func rewrite(_ entries: [HistoryEntry]) {
        let lines = entries.map { line(for: $0.fullValue(options: options)) }
        replaceFile(with: lines)
    }

    /// Appends an entry.
    package func append(_ entry: HistoryEntry) {
        write(line(for: entry.fullValue(options: options)))
    }

    /// Appends a clear record: entries up to `newestID` (of one session, or all) are gone.
    package func appendClear(session: String?, upTo newestID: Int) {
        let record: StructuredValue = [
            "cleared": .object(["session": session.map(StructuredValue.string) ?? .null, "upToId": .int(Int64(newestID))])
        ]
        write(line(for: record))
    }

    private func line(for value: StructuredValue) -> [UInt8] {
        var bytes = (try? JSONWriter().write(value)) ?? Array("{}".utf8)
        bytes.append(0x0A)
        return bytes
    }

    private func write(_ line: [UInt8]) {
        let compacts = state.withLock { state -> Bool in
            guard !state.refused else { return false }
            if state.fd < 0 { state.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
            guard state.fd >= 0 else {
                report(&state, "cannot open it for writing: \(Self.reason(errno))")
                return false
            }
            var offset = 0
            while offset < line.count {
                let written = line.withUnsafeBytes { Glibc.write(state.fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    report(&state, "cannot write to it: \(written < 0 ? Self.reason(errno) : "nothing was written")")
                    return false
                }
                offset += written
            }
            if state.problem != nil {
                state.problem = nil
                log?.notice("history file \(path): entries are written again")
            }
            state.lines += 1
            let now = MonotonicClock.milliseconds()
            if now &- state.lastSync >= 1000 {
                fdatasync(state.fd)
                state.lastSync = now
            }
            return state.lines > 2 * maxEntryCount + 16
        }
        if compacts, let contents = readAll(fd: open(path, O_RDONLY | O_CLOEXEC)) {
            replaceFile(with: Self.restoredLines(contents, keeping: maxEntryCount).lines.map { $0 + [0x0A] })
        }
    }

    /// Notes why the file is not written; logged the first time and then at most once a minute.
    private func report(_ state: inout State, _ problem: String) {
        state.problem = problem
        let now = MonotonicClock.milliseconds()
        if let last = state.lastWarning, now &- last < 60_000 { return }
        state.lastWarning = now
        log?.warning("history file \(path): \(problem); the history in memory is complete, the file misses entries")
    }

    private static func reason(_ number: Int32) -> String {
        "\(strerror(number).map { String(cString: $0) } ?? "error") (errno \(number))"
    }

    /// The entry lines to keep, oldest first: valid lines, clears applied, the newest `maxEntryCount`;
    /// with the count of unreadable lines, and whether the last line was cut short.
    private static func restoredLines(_ contents: [UInt8], keeping maxEntryCount: Int) -> (lines: [[UInt8]], unreadable: Int, torn: Bool) {
        var kept: [(id: Int, session: String, line: [UInt8])] = []
        var unreadable = 0
        var torn = false
        let lines = contents.split(separator: 0x0A, omittingEmptySubsequences: true)
        for (index, line) in lines.enumerated() {
            guard let object = (try? JSONParser().parse(Array(line)))?.objectValue else {
                if index == lines.count - 1 && contents.last != 0x0A { torn = true } else { unreadable += 1 }
                continue
            }
            if let cleared = object["cleared"]?.objectValue {
                let session = cleared["session"]?.stringValue
                let upTo = cleared["upToId"].flatMap(Self.integer) ?? Int.max
                kept.removeAll { $0.id <= upTo && (session == nil || $0.session == session) }
                continue
            }
            guard let id = object["id"].flatMap(Self.integer), let session = object["session"]?.stringValue else {
                unreadable += 1
                continue
            }
            kept.append((id, session, Array(line)))
        }
        var seen = Set<Int>()
        kept = kept.reversed().filter { seen.insert($0.id).inserted }
        kept.sort { $0.id < $1.id }
        return (kept.suffix(maxEntryCount).map(\.line), unreadable, torn)
    }

    /// Renames the file out of the way, to start a new one without losing what it held.
    private func setAside(because reason: String) {
        let kept = path + ".unreadable-" + WallClock.compactStamp(WallClock.now())
        if rename(path, kept) == 0 {
            log?.warning("history file \(path): \(reason); it was renamed to \(kept) and a new file started")
        } else {
            state.withLock { report(&$0, "\(reason), and it cannot be renamed: \(Self.reason(errno))") }
            state.withLock { $0.refused = true }
        }
    }

    /// The file's bytes at start; `nil` when there is none, or when it is not a regular file (it
    /// is then left alone) or too long (it is set aside).
    private func readAtStart() -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno != ENOENT { log?.warning("history file \(path): cannot read it: \(Self.reason(errno))") }
            return nil
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            state.withLock { state in
                state.refused = true
                report(&state, "it is not a regular file; the history is not kept in it")
            }
            return nil
        }
        guard Int(status.st_size) <= maxReadBytes else {
            Glibc.close(fd)
            setAside(because: "it is longer than \(maxReadBytes) bytes")
            return nil
        }
        return readAll(fd: fd)
    }

    private func replaceFile(with lines: [[UInt8]]) {
        state.withLock { state in
            guard !state.refused else { return }
            let temporary = path + ".tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                report(&state, "cannot write \(temporary): \(Self.reason(errno))")
                return
            }
            var bytes: [UInt8] = []
            for line in lines { bytes += line.last == 0x0A ? line : line + [0x0A] }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            fdatasync(fd)
            Glibc.close(fd)
            if state.fd >= 0 { Glibc.close(state.fd) }
            rename(temporary, path)
            state.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            state.lines = lines.count
        }
    }

    /// Reads `fd` to its end, at most `maxReadBytes`, and closes it.
    private func readAll(fd: Int32) -> [UInt8]? {
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while contents.count <= maxReadBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            contents.append(contentsOf: buffer[..<count])
        }
        return contents
    }

    package static func integer(_ value: StructuredValue) -> Int? {
        switch value {
        case .int(let number): Int(number)
        case .double(let number) where number == number.rounded(): Int(number)
        default: nil
        }
    }
}

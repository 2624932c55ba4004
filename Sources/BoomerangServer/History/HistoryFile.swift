import BoomerangSerialization
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The history's append-only file: one JSON object per line, each an entry as
/// `GET /__admin/requests/{id}` shows it, or a clear record (`{"cleared": …}`).
///
/// Durability: each line is one `write(2)` on a descriptor opened with `O_APPEND`, so a crash of
/// the process loses at most the line being written; `fdatasync` runs at most once a second, so a
/// power loss loses at most about the last second. At start the file is read back, a torn or
/// invalid line is skipped, clear records are applied, the newest `maxEntryCount` entries are kept,
/// and the file is rewritten with only those; it is compacted the same way once it holds twice
/// that many lines.
final class HistoryFile: Sendable {
    let path: String
    private let maxEntryCount: Int
    private let options: EchoConfiguration
    private let log: Logger?

    private struct State {
        var fd: Int32 = -1
        var lines = 0
        var lastSync: UInt64 = 0
    }

    private let state = Mutex(State())

    init(path: String, maxEntryCount: Int, options: EchoConfiguration, log: Logger?) {
        self.path = path
        self.maxEntryCount = maxEntryCount
        self.options = options
        self.log = log
    }

    deinit {
        state.withLock { state in
            if state.fd >= 0 {
                fdatasync(state.fd)
                Glibc.close(state.fd)
            }
        }
    }

    /// The entries the file holds, oldest first, at most `maxEntryCount`.
    func load() -> [HistoryEntry] {
        restoredLines().compactMap { line in
            (try? JSONParser().parse(line)).flatMap { $0.objectValue }.flatMap { HistoryEntry(restoring: $0, bytes: line.count) }
        }
    }

    /// Replaces the file with these entries and opens it for appending.
    func rewrite(_ entries: [HistoryEntry]) {
        let lines = entries.map { line(for: $0.fullValue(options: options)) }
        replaceFile(with: lines)
    }

    /// Appends an entry.
    func append(_ entry: HistoryEntry) {
        write(line(for: entry.fullValue(options: options)))
    }

    /// Appends a clear record: entries up to `newestID` (of one session, or all) are gone.
    func appendClear(session: String?, upTo newestID: Int) {
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
            if state.fd < 0 { state.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
            guard state.fd >= 0 else { return false }
            var offset = 0
            while offset < line.count {
                let written = line.withUnsafeBytes { Glibc.write(state.fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            state.lines += 1
            let now = MonotonicClock.milliseconds()
            if now &- state.lastSync >= 1000 {
                fdatasync(state.fd)
                state.lastSync = now
            }
            return state.lines > 2 * maxEntryCount + 16
        }
        if compacts { replaceFile(with: restoredLines().map { $0 + [0x0A] }) }
    }

    /// The entry lines to keep, oldest first: valid lines, clears applied, the newest `maxEntryCount`.
    private func restoredLines() -> [[UInt8]] {
        guard let contents = readAll() else { return [] }
        var kept: [(id: Int, session: String, line: [UInt8])] = []
        var skipped = 0
        for line in contents.split(separator: 0x0A, omittingEmptySubsequences: true) {
            guard let object = (try? JSONParser().parse(Array(line)))?.objectValue else {
                skipped += 1
                continue
            }
            if let cleared = object["cleared"]?.objectValue {
                let session = cleared["session"]?.stringValue
                let upTo = cleared["upToId"].flatMap(Self.integer) ?? Int.max
                kept.removeAll { $0.id <= upTo && (session == nil || $0.session == session) }
                continue
            }
            guard let id = object["id"].flatMap(Self.integer), let session = object["session"]?.stringValue else {
                skipped += 1
                continue
            }
            kept.append((id, session, Array(line)))
        }
        if skipped > 0 { log?.warning("history file \(path): skipped \(skipped) unreadable line(s)") }
        kept.sort { $0.id < $1.id }
        return kept.suffix(maxEntryCount).map(\.line)
    }

    private func replaceFile(with lines: [[UInt8]]) {
        state.withLock { state in
            let temporary = path + ".tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                log?.warning("history file \(path): cannot write \(temporary) (errno \(errno))")
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

    private func readAll() -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            contents.append(contentsOf: buffer[..<count])
        }
        return contents
    }

    static func integer(_ value: StructuredValue) -> Int? {
        switch value {
        case .int(let number): Int(number)
        case .double(let number) where number == number.rounded(): Int(number)
        default: nil
        }
    }
}

import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A buffer of finished log lines in front of a file descriptor, written out when it passes
/// 32 KiB and whenever its owner flushes it (each loop does, four times a second), so that a busy
/// server makes no system call per line.
final class LogSink: Sendable {
    private let fd: Int32
    private let buffer = Mutex<[UInt8]>([])
    /// Every loop has its own sink on standard output; writes of more than `PIPE_BUF` bytes are
    /// not atomic on a pipe, so one sink writes at a time and lines never interleave.
    private static let writing = Mutex<Void>(())

    init(fd: Int32) {
        self.fd = fd
    }

    func append(_ line: [UInt8]) {
        let full = buffer.withLock { bytes -> [UInt8]? in
            bytes.append(contentsOf: line)
            guard bytes.count > 32 * 1024 else { return nil }
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if let full { write(full) }
    }

    func flush() {
        let pending = buffer.withLock { bytes -> [UInt8] in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if !pending.isEmpty { write(pending) }
    }

    private func write(_ bytes: [UInt8]) {
        Self.write(bytes, to: fd)
    }

    /// Writes `bytes` to `fd` whole, one writer at a time, so that batches of lines never interleave.
    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { write($0, to: fd) }
    }

    /// Writes `raw` to `fd` whole, one writer at a time, so that batches of lines never interleave.
    static func write(_ raw: UnsafeRawBufferPointer, to fd: Int32) {
        guard let base = raw.baseAddress else { return }
        writing.withLock { _ in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

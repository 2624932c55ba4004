import BoomerangRuntime

/// A buffer of finished log lines in front of a file descriptor, written out when it passes
/// 32 KiB and whenever its owner flushes it (each loop does, four times a second), so that a busy
/// server makes no system call per line.
package final class LogSink: Sendable {
    private let fd: Int32
    private let buffer = Locked<[UInt8]>([])

    package init(fd: Int32) {
        self.fd = fd
    }

    package func append(_ line: [UInt8]) {
        let full = buffer.withLock { bytes -> [UInt8]? in
            bytes.append(contentsOf: line)
            guard bytes.count > 32 * 1024 else { return nil }
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if let full { write(full) }
    }

    package func flush() {
        let pending = buffer.withLock { bytes -> [UInt8] in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if !pending.isEmpty { write(pending) }
    }

    private func write(_ bytes: [UInt8]) {
        Self.write(bytes, to: fd)
    }

    /// Hands `bytes` to ``LogOutput``, whose one writer keeps batches of lines from interleaving.
    package static func write(_ bytes: [UInt8], to fd: Int32) {
        LogOutput.shared.write(bytes, to: fd)
    }

    /// Hands `raw` to ``LogOutput``, whose one writer keeps batches of lines from interleaving.
    package static func write(_ raw: UnsafeRawBufferPointer, to fd: Int32) {
        LogOutput.shared.write(raw, to: fd)
    }
}

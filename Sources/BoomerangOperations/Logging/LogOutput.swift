import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes the server's log lines (the access log on standard output, messages on standard error)
/// from a thread of its own, in the order they were handed over.
///
/// An output nobody reads stops its writer: a pipe holds 64 KiB, and a test harness that starts
/// the server with its output on a pipe it never reads (Python's `Popen(stdout=PIPE)`) filled it
/// after about 220 requests. Written from an event loop, that stopped the loop and the server
/// with it. Here only this queue waits: past `limit` bytes waiting, new lines are dropped and
/// counted, and the server says how many once its output moves again.
package final class LogOutput: Sendable {
    /// The process's output, shared by every server and loop; waited for at exit (two seconds at most).
    package static let shared: LogOutput = {
        let output = LogOutput(limit: 8 << 20)
        atexit { _ = LogOutput.shared.waitUntilWritten(timeout: 2) }
        return output
    }()

    /// The most bytes waiting to be written before new lines are dropped.
    package let limit: Int
    private let queue = DispatchQueue(label: "boomerang.log-output")
    private let waitingBytes = Atomic<Int>(0)
    private let droppedLines = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// Hands a copy of `raw` (whole lines) over to be written to `fd`; drops it when `limit`
    /// bytes already wait.
    package func write(_ raw: UnsafeRawBufferPointer, to fd: Int32) {
        guard admit(raw) else { return }
        enqueue([UInt8](raw), to: fd)
    }

    /// Hands `bytes` (whole lines) over to be written to `fd`, without a copy; drops them when
    /// `limit` bytes already wait.
    package func write(_ bytes: [UInt8], to fd: Int32) {
        guard bytes.withUnsafeBytes({ admit($0) }) else { return }
        enqueue(bytes, to: fd)
    }

    /// Counts `lines` as waiting, or as dropped when they would take the waiting bytes past `limit`.
    private func admit(_ lines: UnsafeRawBufferPointer) -> Bool {
        guard !lines.isEmpty else { return false }
        guard waitingBytes.wrappingAdd(lines.count, ordering: .relaxed).newValue <= limit else {
            waitingBytes.wrappingSubtract(lines.count, ordering: .relaxed)
            droppedLines.wrappingAdd(max(1, lines.count(where: { $0 == 0x0A })), ordering: .relaxed)
            return false
        }
        return true
    }

    private func enqueue(_ bytes: [UInt8], to fd: Int32) {
        queue.async { [self] in
            Self.writeWhole(bytes, to: fd)
            waitingBytes.wrappingSubtract(bytes.count, ordering: .relaxed)
        }
    }

    /// How many lines were dropped since the last call, once everything that waited is written
    /// (the output moves again); nil when none were, or the output is still stuck.
    package func takeDroppedLines() -> Int? {
        guard droppedLines.load(ordering: .relaxed) > 0, waitingBytes.load(ordering: .relaxed) == 0 else { return nil }
        let count = droppedLines.exchange(0, ordering: .relaxed)
        return count > 0 ? count : nil
    }

    /// Waits until every line handed over so far is written; false when `timeout` seconds pass first.
    package func waitUntilWritten(timeout: Double) -> Bool {
        let written = DispatchSemaphore(value: 0)
        queue.async { written.signal() }
        return written.wait(timeout: .now() + timeout) == .success
    }

    private static func writeWhole(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

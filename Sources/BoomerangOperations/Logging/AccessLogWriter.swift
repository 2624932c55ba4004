import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings

#if canImport(Glibc)
import Glibc
#endif

/// One access log line per exchange, on standard output, in the server's text or JSON format
/// (the same lines ``AccessLogHandler`` writes for swift-log).
///
/// Each loop has its own writer: lines are formatted straight into the loop's fixed buffer (no
/// intermediate record, no lock, no allocation per line) and written when the buffer passes
/// 32 KiB and on every deadline sweep (four times a second).
package final class AccessLogWriter {
    private let format: ServerSettings.LogFormat
    private let enabled: Bool
    private let fd: Int32
    private var pending: LogLineBuffer
    /// Lines of the JSON format and refused requests, formatted by ``AccessRecord`` before they
    /// are copied into `pending`.
    private var scratch: [UInt8] = []
    private var clock = AccessLogClock.Cached()

    /// Bytes after which the buffer is written.
    private static let flushBytes = 32 * 1024

    package init(format: ServerSettings.LogFormat, enabled: Bool, fd: Int32 = 1) {
        self.format = format
        self.enabled = enabled
        self.fd = fd
        pending = LogLineBuffer(capacity: enabled ? 64 * 1024 : 0)
    }

    package func record(_ exchange: Exchange, now: UInt64) {
        guard enabled else { return }
        let context = exchange.context
        let head = context.head
        let durationMicros = Int((now &- context.receivedAt) / 1000)
        switch format {
        case .text:
            // Escaping turns a byte into at most four; numbers take at most 21 bytes each.
            let bound = 160 + 4 * (context.remoteHost.utf8.count + head.method.rawValue.utf8.count + head.target.utf8.count)
                + context.requestID.utf8.count
            let timestamp = clock.current()
            // One access to the buffer for the usual line (each access to a stored property of
            // the class is checked for exclusivity at run time).
            switch Self.appendText(exchange, ifRoomFor: bound, durationMicros: durationMicros, timestamp: timestamp, to: &pending) {
            case .appended:
                return
            case .appendedPastFlushBytes:
                flush()
            case .noRoom:
                flush()
                guard bound <= pending.room else {
                    writeDirectly(AccessRecord(exchange, durationMicros: durationMicros))
                    return
                }
                Self.appendText(exchange, durationMicros: durationMicros, timestamp: timestamp, to: &pending)
                if pending.count > Self.flushBytes { flush() }
            }
        case .json:
            appendThroughScratch(AccessRecord(exchange, durationMicros: durationMicros))
        }
    }

    /// A request that got no regular exchange: refused by the parser, timed out or aborted.
    package func recordRefused(remote: String, status: Int, reason: String) {
        guard enabled else { return }
        appendThroughScratch(AccessRecord(kind: .refused, remote: remote, status: status, reason: reason))
    }

    /// What ``appendText(_:ifRoomFor:durationMicros:timestamp:to:)`` did.
    private enum TextAppend {
        case appended
        case appendedPastFlushBytes
        case noRoom
    }

    /// Appends the line when `bound` bytes fit; tells whether the buffer is then due a write.
    private static func appendText(
        _ exchange: Exchange, ifRoomFor bound: Int, durationMicros: Int, timestamp: [UInt8], to line: inout LogLineBuffer
    ) -> TextAppend {
        guard bound <= line.room else { return .noRoom }
        appendText(exchange, durationMicros: durationMicros, timestamp: timestamp, to: &line)
        return line.count > flushBytes ? .appendedPastFlushBytes : .appended
    }

    /// `time remote "METHOD target HTTP/1.1" status bytes in=bytes 0.25ms id=…`, as
    /// ``AccessRecord/appendText(to:)`` writes it; the caller made room for it.
    private static func appendText(
        _ exchange: Exchange, durationMicros: Int, timestamp: [UInt8], to line: inout LogLineBuffer
    ) {
        let context = exchange.context
        let head = context.head
        timestamp.withUnsafeBytes { line.append($0) }
        line.append(0x20)
        appendEscaped(context.remoteHost, to: &line)
        line.append(" \"")
        appendEscaped(head.method.rawValue, to: &line)
        line.append(0x20)
        appendEscaped(head.target, to: &line)
        line.append(head.version.major == 2 ? " HTTP/2.0\" " : head.version.minor == 0 ? " HTTP/1.0\" " : " HTTP/1.1\" ")
        line.appendDecimal(exchange.status)
        line.append(0x20)
        line.appendDecimal(exchange.responseBytes)
        line.append(" in=")
        line.appendDecimal(Int(exchange.bodyBytes))
        line.append(0x20)
        line.appendDecimal(durationMicros / 1000)
        line.append(UInt8(ascii: "."))
        let fraction = durationMicros % 1000
        if fraction < 100 { line.append(0x30) }
        if fraction < 10 { line.append(0x30) }
        line.appendDecimal(fraction)
        line.append("ms id=")
        line.append(context.requestID)
        line.append(0x0A)
    }

    /// `text` with quotes and control bytes as `\xNN` (at most four bytes for one).
    @inline(__always)
    private static func appendEscaped(_ text: String, to line: inout LogLineBuffer) {
        LogLineBuffer.withUTF8(text) { bytes in
            var plain = true
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0x22 {
                plain = false
                break
            }
            if plain {
                line.append(bytes)
                return
            }
            line.appendEscaped(bytes)
        }
    }

    /// Formats a line with ``AccessRecord`` (JSON lines, refused requests) and copies it into the buffer.
    private func appendThroughScratch(_ record: AccessRecord) {
        scratch.removeAll(keepingCapacity: true)
        appendRecord(record, to: &scratch)
        if scratch.count > pending.room { flush() }
        if scratch.count > pending.room {
            LogSink.write(scratch, to: fd)
            return
        }
        scratch.withUnsafeBytes { pending.append($0) }
        if pending.count > Self.flushBytes { flush() }
    }

    /// Writes a line too long for the buffer on its own, after what the buffer holds.
    private func writeDirectly(_ record: AccessRecord) {
        flush()
        scratch.removeAll(keepingCapacity: true)
        appendRecord(record, to: &scratch)
        LogSink.write(scratch, to: fd)
    }

    /// The whole line of `record`, timestamp and newline included.
    private func appendRecord(_ record: AccessRecord, to line: inout [UInt8]) {
        let timestamp = clock.current()
        switch format {
        case .text:
            line.append(contentsOf: timestamp)
            line.append(0x20)
            record.appendText(to: &line)
        case .json:
            line.appendUTF8(#"{"time":""#)
            line.append(contentsOf: timestamp)
            line.appendUTF8(#"","level":"info""#)
            record.appendJSONMembers(to: &line)
            line.append(0x7D)
        }
        line.append(0x0A)
    }

    package func flush() {
        guard !pending.isEmpty else { return }
        LogSink.write(pending.bytes, to: fd)
        pending.removeAll()
    }
}

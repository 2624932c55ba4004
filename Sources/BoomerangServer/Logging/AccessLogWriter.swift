import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#endif

/// Writes one access log line per exchange to standard output, as text or JSON lines.
///
/// Each loop has its own writer; lines are buffered and written when the buffer passes 32 KiB and
/// on every deadline sweep (four times a second), so a busy server makes no system call per request.
final class AccessLogWriter {
    private let format: ServerSettings.LogFormat
    private let enabled: Bool
    private var buffer: [UInt8] = []

    init(format: ServerSettings.LogFormat, enabled: Bool) {
        self.format = format
        self.enabled = enabled
        buffer.reserveCapacity(40 * 1024)
    }

    func record(_ exchange: Exchange, now: UInt64) {
        guard enabled else { return }
        let head = exchange.context.head
        let micros = Int((now &- exchange.context.receivedAt) / 1000)
        switch format {
        case .text:
            append(timestamp())
            buffer.append(0x20)
            append(exchange.context.remoteHost)
            append(" \"")
            append(head.method.rawValue)
            buffer.append(0x20)
            append(escapedText(head.target))
            append(head.version.minor == 0 ? " HTTP/1.0\" " : " HTTP/1.1\" ")
            ResponseWriter.appendDecimal(exchange.status, to: &buffer)
            buffer.append(0x20)
            ResponseWriter.appendDecimal(exchange.responseBytes, to: &buffer)
            append(" in=")
            ResponseWriter.appendDecimal(Int(exchange.bodyBytes), to: &buffer)
            buffer.append(0x20)
            appendMilliseconds(micros)
            append("ms id=")
            append(exchange.context.requestID)
            buffer.append(0x0A)
        case .json:
            append(#"{"time":""#)
            append(timestamp())
            append(#"","level":"info","type":"access","remote":"#)
            JSONWriter.appendString(exchange.context.remoteHost, to: &buffer)
            append(#","method":"#)
            JSONWriter.appendString(head.method.rawValue, to: &buffer)
            append(#","target":"#)
            JSONWriter.appendString(head.target, to: &buffer)
            append(#","status":"#)
            ResponseWriter.appendDecimal(exchange.status, to: &buffer)
            append(#","bytesOut":"#)
            ResponseWriter.appendDecimal(exchange.responseBytes, to: &buffer)
            append(#","bytesIn":"#)
            ResponseWriter.appendDecimal(Int(exchange.bodyBytes), to: &buffer)
            append(#","durationMs":"#)
            appendMilliseconds(micros)
            append(#","requestId":"#)
            JSONWriter.appendString(exchange.context.requestID, to: &buffer)
            append("}\n")
        }
        if buffer.count > 32 * 1024 { flush() }
    }

    /// A request that got no regular exchange: refused by the parser, timed out or aborted.
    func recordRefused(remote: String, status: Int, reason: String) {
        guard enabled else { return }
        switch format {
        case .text:
            append(timestamp())
            append(" \(remote) \"-\" \(status) refused=\(escapedText(reason))\n")
        case .json:
            append(#"{"time":""#)
            append(timestamp())
            append(#"","level":"info","type":"refused","remote":"#)
            JSONWriter.appendString(remote, to: &buffer)
            append(#","status":"#)
            ResponseWriter.appendDecimal(status, to: &buffer)
            append(#","reason":"#)
            JSONWriter.appendString(reason, to: &buffer)
            append("}\n")
        }
        if buffer.count > 32 * 1024 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    private func appendMilliseconds(_ micros: Int) {
        ResponseWriter.appendDecimal(micros / 1000, to: &buffer)
        buffer.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { buffer.append(0x30) }
        if fraction < 10 { buffer.append(0x30) }
        ResponseWriter.appendDecimal(fraction, to: &buffer)
    }

    private var lastSecond: time_t = 0
    private var stamp: [UInt8] = []

    private func timestamp() -> [UInt8] {
        let now = time(nil)
        if now != lastSecond {
            lastSecond = now
            var t = now
            var parts = tm()
            gmtime_r(&t, &parts)
            func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
            stamp = Array(
                "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
                    .utf8)
        }
        return stamp
    }

    /// Control bytes and quotes in a logged target become `\xNN`, so a line stays one line.
    private func escapedText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 }) else { return text }
        var out = ""
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == 0x22 {
                out += "\\x" + String(byte, radix: 16)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }
}

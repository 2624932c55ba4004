import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#endif

/// One access log line per exchange, on standard output, in the server's text or JSON format
/// (the same lines ``AccessLogHandler`` writes for swift-log).
///
/// Each loop has its own writer: lines are formatted straight into the loop's buffer (no
/// intermediate record, no lock, no allocation once the buffer has grown) and written when the
/// buffer passes 32 KiB and on every deadline sweep (four times a second).
final class AccessLogWriter {
    private let format: ServerSettings.LogFormat
    private let enabled: Bool
    private let fd: Int32
    private var pending: [UInt8] = []
    private var clock = AccessLogClock.Cached()

    init(format: ServerSettings.LogFormat, enabled: Bool, fd: Int32 = 1) {
        self.format = format
        self.enabled = enabled
        self.fd = fd
        if enabled { pending.reserveCapacity(40 * 1024) }
    }

    func record(_ exchange: Exchange, now: UInt64) {
        guard enabled else { return }
        let context = exchange.context
        let head = context.head
        let durationMicros = Int((now &- context.receivedAt) / 1000)
        let version = head.version.minor == 0 ? "HTTP/1.0" : "HTTP/1.1"
        begin()
        switch format {
        case .text:
            AccessRecord.appendEscaped(context.remoteHost, to: &pending)
            pending.appendUTF8(" \"")
            AccessRecord.appendEscaped(head.method.rawValue, to: &pending)
            pending.append(0x20)
            AccessRecord.appendEscaped(head.target, to: &pending)
            pending.append(0x20)
            pending.appendUTF8(version)
            pending.appendUTF8("\" ")
            ResponseWriter.appendDecimal(exchange.status, to: &pending)
            pending.append(0x20)
            ResponseWriter.appendDecimal(exchange.responseBytes, to: &pending)
            pending.appendUTF8(" in=")
            ResponseWriter.appendDecimal(Int(exchange.bodyBytes), to: &pending)
            pending.append(0x20)
            AccessRecord.appendMilliseconds(durationMicros, to: &pending)
            pending.appendUTF8("ms id=")
            pending.appendUTF8(context.requestID)
        case .json:
            let record = AccessRecord(
                kind: .access, remote: context.remoteHost, method: head.method.rawValue, target: head.target, version: version,
                status: exchange.status, bytesOut: exchange.responseBytes, bytesIn: Int(exchange.bodyBytes),
                durationMicros: durationMicros, requestID: context.requestID)
            record.appendJSONMembers(to: &pending)
        }
        end()
    }

    /// A request that got no regular exchange: refused by the parser, timed out or aborted.
    func recordRefused(remote: String, status: Int, reason: String) {
        guard enabled else { return }
        let record = AccessRecord(kind: .refused, remote: remote, status: status, reason: reason)
        begin()
        switch format {
        case .text: record.appendText(to: &pending)
        case .json: record.appendJSONMembers(to: &pending)
        }
        end()
    }

    private func begin() {
        switch format {
        case .text:
            clock.append(to: &pending)
            pending.append(0x20)
        case .json:
            pending.appendUTF8(#"{"time":""#)
            clock.append(to: &pending)
            pending.appendUTF8(#"","level":"info""#)
        }
    }

    private func end() {
        if format == .json { pending.append(0x7D) }
        pending.append(0x0A)
        if pending.count > 32 * 1024 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        LogSink.write(pending, to: fd)
        pending.removeAll(keepingCapacity: true)
    }
}

import BoomerangSerialization
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The swift-log handler of the access log: one line per exchange (or refused request) in the
/// server's text or JSON format, into a ``LogSink``.
struct AccessLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    let format: ServerSettings.LogFormat
    let sink: LogSink
    let clock: AccessLogClock

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The keys of a line, in the order they are written.
    static let keys = ["type", "remote", "method", "target", "version", "status", "bytesOut", "bytesIn", "durationMs", "requestId", "reason"]

    func log(event: LogEvent) {
        let fields = event.metadata ?? [:]
        var line: [UInt8] = []
        line.reserveCapacity(160)
        switch format {
        case .text:
            line.append(contentsOf: clock.timestamp().utf8)
            line.append(0x20)
            append(fields["remote"], to: &line)
            if case .string("access")? = fields["type"] {
                line.append(contentsOf: " \"".utf8)
                append(fields["method"], to: &line)
                line.append(0x20)
                append(fields["target"], to: &line)
                line.append(0x20)
                append(fields["version"], to: &line)
                line.append(contentsOf: "\" ".utf8)
                append(fields["status"], to: &line)
                line.append(0x20)
                append(fields["bytesOut"], to: &line)
                line.append(contentsOf: " in=".utf8)
                append(fields["bytesIn"], to: &line)
                line.append(0x20)
                append(fields["durationMs"], to: &line)
                line.append(contentsOf: "ms id=".utf8)
                append(fields["requestId"], to: &line)
            } else {
                line.append(contentsOf: " \"-\" ".utf8)
                append(fields["status"], to: &line)
                line.append(contentsOf: " refused=".utf8)
                append(fields["reason"], to: &line)
            }
        case .json:
            line.append(contentsOf: #"{"time":""#.utf8)
            line.append(contentsOf: clock.timestamp().utf8)
            line.append(contentsOf: #"","level":""#.utf8)
            line.append(contentsOf: event.level.rawValue.utf8)
            line.append(0x22)
            for key in Self.keys {
                guard let value = fields[key] else { continue }
                line.append(0x2C)
                JSONWriter.appendString(key, to: &line)
                line.append(0x3A)
                if case .stringConvertible(let number) = value, number is Int || number is Double {
                    line.append(contentsOf: number.description.utf8)
                } else {
                    JSONWriter.appendString("\(value)", to: &line)
                }
            }
            line.append(0x7D)
        }
        line.append(0x0A)
        sink.append(line)
    }

    /// A metadata value as text on one line: control bytes and quotes become `\xNN`.
    private func append(_ value: Logger.Metadata.Value?, to line: inout [UInt8]) {
        guard let value else {
            line.append(UInt8(ascii: "-"))
            return
        }
        for byte in "\(value)".utf8 {
            if byte < 0x20 || byte == 0x7F || byte == 0x22 {
                line.append(contentsOf: "\\x".utf8)
                line.append(contentsOf: String(byte, radix: 16).utf8)
            } else {
                line.append(byte)
            }
        }
    }
}

/// The access log's UTC timestamp, formatted once per second.
final class AccessLogClock: Sendable {
    private struct Cache {
        var second = 0
        var text = ""
    }

    private let cache = Mutex<Cache>(Cache())

    func timestamp() -> String {
        let now = time(nil)
        return cache.withLock { cache in
            if cache.second != now {
                cache.second = now
                var t = now
                var parts = tm()
                gmtime_r(&t, &parts)
                func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
                cache.text =
                    "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
                    + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
            }
            return cache.text
        }
    }
}

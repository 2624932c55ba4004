import BoomerangSerialization
import BoomerangSettings
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler that writes one line per message to standard error, as text or as a JSON
/// object, in the same two formats as the access log (through ``LogOutput``: a stderr nobody
/// reads never stops the thread that logs).
public struct LineLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let format: ServerSettings.LogFormat

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - label: the logger's label, written in each line.
    ///   - format: text or JSON lines.
    ///   - level: the lowest level written.
    public init(label: String, format: ServerSettings.LogFormat, level: Logger.Level) {
        self.label = label
        self.format = format
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { $1 } }
        let line = LineLogHandler.format(
            format, time: LineLogHandler.timestamp(), level: event.level, label: label, message: "\(event.message)", metadata: all)
        LogOutput.shared.write(Array(line.utf8), to: 2)
    }

    /// One log line, newline included.
    static func format(
        _ format: ServerSettings.LogFormat, time: String, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata
    ) -> String {
        switch format {
        case .text:
            let extra = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            return "\(time) \(level) \(label): \(message)\(extra)\n"
        case .json:
            var bytes: [UInt8] = []
            bytes.append(contentsOf: #"{"time":"#.utf8)
            JSONWriter.appendString(time, to: &bytes)
            bytes.append(contentsOf: #","level":"#.utf8)
            JSONWriter.appendString("\(level)", to: &bytes)
            bytes.append(contentsOf: #","label":"#.utf8)
            JSONWriter.appendString(label, to: &bytes)
            bytes.append(contentsOf: #","message":"#.utf8)
            JSONWriter.appendString(message, to: &bytes)
            for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
                bytes.append(0x2C)
                JSONWriter.appendString(key, to: &bytes)
                bytes.append(0x3A)
                JSONWriter.appendString("\(value)", to: &bytes)
            }
            bytes.append(contentsOf: "}\n".utf8)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}

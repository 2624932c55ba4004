import BoomerangRuntime
import BoomerangSerialization
import BoomerangSettings
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The swift-log handler of the access log: one line per exchange (or refused request) in the
/// server's text or JSON format, into a ``LogSink``.
package struct AccessLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    package let format: ServerSettings.LogFormat
    package let sink: LogSink
    package let clock: AccessLogClock

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var line: [UInt8] = []
        line.reserveCapacity(192)
        let record: AccessRecord?
        if case .stringConvertible(let value)? = event.metadata?["access"] {
            record = value as? AccessRecord
        } else {
            record = nil
        }
        switch format {
        case .text:
            line.append(contentsOf: clock.timestamp().utf8)
            line.append(0x20)
            if let record {
                record.appendText(to: &line)
            } else {
                line.append(contentsOf: "\(event.level) \(event.message)".utf8)
            }
        case .json:
            line.append(contentsOf: #"{"time":""#.utf8)
            line.append(contentsOf: clock.timestamp().utf8)
            line.append(contentsOf: #"","level":""#.utf8)
            line.append(contentsOf: event.level.rawValue.utf8)
            line.append(0x22)
            if let record {
                record.appendJSONMembers(to: &line)
            } else {
                line.append(contentsOf: #","message":"#.utf8)
                JSONWriter.appendString("\(event.message)", to: &line)
            }
            line.append(0x7D)
        }
        line.append(0x0A)
        sink.append(line)
    }
}

/// The access log's UTC timestamp, formatted once per second.
package final class AccessLogClock: Sendable {
    /// A loop's own copy of the timestamp: no lock, no allocation per line.
    package struct Cached {
        private var second = 0
        private var text: [UInt8] = []

        /// The timestamp of now, as bytes.
        package mutating func current() -> [UInt8] {
            let now = time(nil)
            if now != second {
                second = now
                text = Array(AccessLogClock.format(now).utf8)
            }
            return text
        }
    }

    private struct Cache {
        var second = 0
        var text = ""
    }

    private let cache = Locked<Cache>(Cache())

    package func timestamp() -> String {
        let now = time(nil)
        return cache.withLock { cache in
            if cache.second != now {
                cache.second = now
                cache.text = Self.format(now)
            }
            return cache.text
        }
    }

    /// `2026-11-24T02:30:00Z` for a time in seconds since the epoch.
    package static func format(_ seconds: Int) -> String {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock times as the admin API writes them.
package enum WallClock {
    /// Seconds since 1970, now.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `2025-05-01T10:20:30.123Z` for seconds since 1970.
    package static func iso8601(_ seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        var milliseconds = Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))
        if milliseconds > 999 { milliseconds = 999 }
        var parts = tm()
        gmtime_r(&whole, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(milliseconds), 3))Z"
    }

    /// `20250501T102030Z` for seconds since 1970: a time for a file name.
    package static func compactStamp(_ seconds: Double) -> String {
        let text = iso8601(seconds).filter { $0 != "-" && $0 != ":" }
        return String(text.prefix { $0 != "." }) + "Z"
    }

    /// Seconds since 1970 from text ``iso8601(_:)`` wrote; `nil` for anything else.
    package static func seconds(fromISO8601 text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[23] == UInt8(ascii: "Z") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int32? { Int32(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), let millisecond = number(20..<23)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Double(timegm(&parts)) + Double(millisecond) / 1000
    }
}

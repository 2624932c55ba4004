// The `Date` header value from the wall clock; the cache belongs to one loop and its thread.
#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7).
public enum HTTPDate {
    /// The current date as `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func now() -> [UInt8] {
        format(time(nil))
    }

    /// The date `seconds` before now.
    public static func secondsAgo(_ seconds: Int) -> [UInt8] {
        format(time(nil) - time_t(seconds))
    }

    public static func format(_ seconds: time_t) -> [UInt8] {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let text =
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
        return Array(text.utf8)
    }

    /// A per-loop cache: the text changes once a second.
    public final class Cache {
        private var second: time_t = 0
        private var text: [UInt8] = []

        /// An empty cache.
        public init() {}

        /// The `Date` field's value now.
        public func current() -> [UInt8] {
            let seconds = time(nil)
            if seconds != second {
                second = seconds
                text = HTTPDate.format(seconds)
            }
            return text
        }
    }
}

import BoomerangRuntime

/// A warning repeated by many connections, said the first time and then at most once every ten
/// seconds, with how many occurrences it stands for.
struct WarningThrottle {
    private var count = 0
    private var lastSaid: UInt64?

    /// Counts one occurrence; returns how many there were since the warning was last said when it
    /// is time to say it again, else nil.
    mutating func occurred() -> Int? {
        count += 1
        let now = MonotonicClock.milliseconds()
        guard lastSaid.map({ now &- $0 >= 10_000 }) ?? true else { return nil }
        lastSaid = now
        defer { count = 0 }
        return count
    }
}

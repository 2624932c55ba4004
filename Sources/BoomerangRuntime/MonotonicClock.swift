#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds and nanoseconds from a monotonic clock, for deadlines and durations.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    @inlinable
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Milliseconds since an arbitrary fixed point.
    @inlinable
    public static func milliseconds() -> UInt64 {
        nanoseconds() / 1_000_000
    }
}

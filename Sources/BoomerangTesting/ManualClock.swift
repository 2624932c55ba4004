import BoomerangRuntime

/// A monotonic clock that moves only when a test moves it, in nanoseconds: the time an
/// ``InProcessServer`` and its connections see, so that delays, deadlines and streams take no
/// wall time.
public final class ManualClock: Sendable {
    private let value: Locked<UInt64>

    /// A clock reading `start` nanoseconds.
    public init(start: UInt64 = 1_000 * 1_000_000_000) {
        value = Locked(start)
    }

    /// The time now, in nanoseconds.
    public var now: UInt64 { value.withLock { $0 } }

    /// Moves the clock to `time`; a time in the past leaves it where it is.
    public func advance(to time: UInt64) {
        value.withLock { $0 = max($0, time) }
    }

    /// Moves the clock forward by `nanoseconds`.
    public func advance(nanoseconds: UInt64) {
        value.withLock { $0 += nanoseconds }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(seconds: Double) {
        advance(nanoseconds: UInt64(max(0, seconds) * 1e9))
    }
}

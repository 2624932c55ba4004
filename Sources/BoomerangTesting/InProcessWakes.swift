import BoomerangExchange
import BoomerangRuntime

#if canImport(Glibc)
import Glibc
#endif

@testable import BoomerangHTTP1
@testable import BoomerangServer

/// Where the wakes of an ``InProcessServer``'s connections wait, from any thread, until the
/// connection is driven next: the in-process loop's wake queue.
final class InProcessWakes: ConnectionWakeTarget {
    private let woken = Locked<Set<UInt64>>([])

    func wake(connectionID: UInt64) {
        woken.withLock { _ = $0.insert(connectionID) }
    }

    /// Whether `connectionID` was woken since the last call; clears its wake.
    func take(_ connectionID: UInt64) -> Bool {
        woken.withLock { $0.remove(connectionID) != nil }
    }

    /// Waits up to `seconds` of real time for a wake of `connectionID` from another thread (a
    /// feed, a broadcast); whether one came. The wake stays queued.
    func wait(for connectionID: UInt64, seconds: Double) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while !woken.withLock({ $0.contains(connectionID) }) {
            guard MonotonicClock.nanoseconds() < deadline else { return false }
            usleep(1_000)
        }
        return true
    }
}

// Tells the thread that shuts the server down when loops have finished: each loop, on its own
// thread, signals an eventfd once; the waiting thread sleeps in poll(2) until the count is reached
// or its deadline passes. Safe on any thread.
import BoomerangRuntime
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// Counts the loops that have finished running.
public final class LoopCompletion: Sendable {
    private let fd: Int32

    public init() throws(LibeventError) {
        fd = try cCall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// One loop has finished.
    public func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(fd, &one, 8)
    }

    /// Blocks until `count` loops have signalled or `timeoutNanoseconds` have passed.
    ///
    /// - Returns: whether every loop finished in time.
    public func wait(for count: Int, timeoutNanoseconds: UInt64) -> Bool {
        let deadline = MonotonicClock.nanoseconds() &+ timeoutNanoseconds
        var finished = 0
        while finished < count {
            var value: UInt64 = 0
            if Glibc.read(fd, &value, 8) == 8 {
                finished += Int(value)
                continue
            }
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return false }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max))
            _ = poll(&watched, 1, Int32(milliseconds))
        }
        return true
    }

    deinit {
        Glibc.close(fd)
    }
}

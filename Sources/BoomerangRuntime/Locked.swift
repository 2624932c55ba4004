#if canImport(Glibc)
import Glibc
#endif

/// A value that threads share, reached only inside ``withLock(_:)`` while a `pthread_mutex_t` is
/// held: the lock of every type in Boomerang that more than one thread touches.
///
/// `Synchronization.Mutex` would do the same, but on Linux it hands a contended lock over with
/// `FUTEX_LOCK_PI` inside the (uninstrumented) standard library, so ThreadSanitizer never sees the
/// ordering and reports every contended `withLock` body as a race; `pthread_mutex_lock` is one of
/// the calls ThreadSanitizer intercepts, so `make sanitize-thread` reports only real races. Four
/// threads adding 1 to one `Mutex<Int>` 100,000 times each get two "Swift access race" reports and
/// the right total; the same with `Locked<Int>`, none. Uncontended, `pthread_mutex_lock` is one
/// compare-and-swap, as `Mutex`'s lock is.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    // Both allocated apart: a pthread mutex must not move once initialised, and a value behind a
    // pointer is reached without the run-time exclusivity check of a class's stored property (the
    // mutex is what excludes). Reachable from inlined code, so that `withLock` is specialised and
    // inlined where it is called, as `Mutex`'s is.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Creates the lock around `value`, which from now on only ``withLock(_:)`` reaches.
    public init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns. The lock is
    /// not reentrant: `body` must not call `withLock` on the same instance.
    @inlinable
    public func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

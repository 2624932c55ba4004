// Owns one `struct event` (an fd watcher or a timer). Confined to its base's thread. The callback
// context is an unretained pointer to the owner of this Event, which must outlive it: owners free
// their events (deinit or `free()`) before they go away, and a freed event never fires.
import CLibevent

/// A libevent event: readiness of a file descriptor, or a timer when the descriptor is -1.
final class Event {
    private var pointer: OpaquePointer?

    /// Creates an event that is not yet pending.
    ///
    /// The corresponding C function is `event_new`; a timer is `event_new` with fd -1 (the
    /// `evtimer_new` macro).
    init(
        base: EventBase,
        fd: Int32,
        events: Int16,
        context: UnsafeMutableRawPointer,
        callback: @escaping @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void
    ) throws(LibeventError) {
        pointer = try cCall("event_new") { event_new(base.pointer, fd, events, callback, context) }
    }

    /// Makes the event pending, with an optional timeout in seconds.
    ///
    /// The corresponding C function is `event_add`.
    func add(timeout seconds: Double? = nil) {
        guard let pointer else { return }
        if let seconds {
            var tv = timeval(seconds: seconds)
            event_add(pointer, &tv)
        } else {
            event_add(pointer, nil)
        }
    }

    /// Makes the event pending with a timeout in nanoseconds, rounded up to the microsecond so
    /// that it never fires before the time asked for.
    ///
    /// The corresponding C function is `event_add`.
    func add(afterNanoseconds nanoseconds: UInt64) {
        guard let pointer else { return }
        let micros = (nanoseconds + 999) / 1000
        var tv = timeval(tv_sec: Int(micros / 1_000_000), tv_usec: Int(micros % 1_000_000))
        event_add(pointer, &tv)
    }

    /// Makes the event not pending.
    ///
    /// The corresponding C function is `event_del`.
    func remove() {
        guard let pointer else { return }
        event_del(pointer)
    }

    /// Frees the event now; it will not fire again.
    ///
    /// The corresponding C function is `event_free`.
    func free() {
        guard let pointer else { return }
        event_free(pointer)
        self.pointer = nil
    }

    deinit {
        free()
    }
}

extension timeval {
    init(seconds: Double) {
        let whole = seconds.rounded(.down)
        self.init(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
    }
}

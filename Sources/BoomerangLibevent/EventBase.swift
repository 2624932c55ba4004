// Owns one `event_base`. Confined to the thread that runs its loop: every call but `init` happens
// there. Frees the base in deinit, after every event of the base has been freed by its owner.
import CLibevent

/// One libevent event loop.
final class EventBase {
    let pointer: OpaquePointer
    /// Whether the backend reports a peer's end apart from readability (`EV_CLOSED`; epoll's
    /// `EPOLLRDHUP`).
    let reportsEarlyClose: Bool

    /// Creates a base without internal locking: it is only ever touched by its own thread.
    ///
    /// The corresponding C functions are `event_config_new`, `event_config_set_flag`,
    /// `event_base_new_with_config` and `event_base_get_features`.
    init() throws(LibeventError) {
        let config = try cCall("event_config_new") { event_config_new() }
        defer { event_config_free(config) }
        event_config_set_flag(config, Int32(EVENT_BASE_FLAG_NOLOCK.rawValue))
        let pointer = try cCall("event_base_new_with_config") { event_base_new_with_config(config) }
        self.pointer = pointer
        reportsEarlyClose = event_base_get_features(pointer) & Int32(EV_FEATURE_EARLY_CLOSE.rawValue) != 0
    }

    /// Runs the loop until `stop()` is called or no events are left.
    ///
    /// The corresponding C function is `event_base_dispatch`.
    func run() throws(LibeventError) {
        try cCall("event_base_dispatch") { event_base_dispatch(pointer) }
    }

    /// Makes `run()` return after the current callbacks finish.
    ///
    /// The corresponding C function is `event_base_loopbreak`.
    func stop() {
        event_base_loopbreak(pointer)
    }

    deinit {
        event_base_free(pointer)
    }
}

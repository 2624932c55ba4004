// Owns one `evconnlistener` and the listening socket under it (LEV_OPT_CLOSE_ON_FREE). Confined
// to its loop's thread. The callback context is the owning `EventLoop`, unretained: the loop frees
// the listener before it goes away.
import CLibevent

/// Accepts connections on one listening socket for one loop.
final class Listener {
    private var pointer: OpaquePointer?

    /// Starts accepting on `fd`; each accepted, non-blocking socket goes to `onAccept`.
    ///
    /// The corresponding C functions are `evconnlistener_new` and `evconnlistener_set_error_cb`.
    init(
        base: EventBase,
        fd: Int32,
        context: UnsafeMutableRawPointer,
        onAccept: @escaping @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<sockaddr>?, Int32, UnsafeMutableRawPointer?) -> Void,
        onError: @escaping @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    ) throws(LibeventError) {
        let flags = UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC)
        // Backlog 0: `fd` listens already (with the backlog ListeningSocket chose); -1 would
        // make libevent call listen again with 128.
        pointer = try cCall("evconnlistener_new") { evconnlistener_new(base.pointer, onAccept, context, flags, 0, fd) }
        evconnlistener_set_error_cb(pointer, onError)
    }

    /// Stops accepting for a while (after EMFILE), without closing the socket.
    ///
    /// The corresponding C function is `evconnlistener_disable`.
    func pause() {
        guard let pointer else { return }
        evconnlistener_disable(pointer)
    }

    /// Accepts again after `pause()`.
    ///
    /// The corresponding C function is `evconnlistener_enable`.
    func resume() {
        guard let pointer else { return }
        evconnlistener_enable(pointer)
    }

    /// Closes the listening socket; queued connections not yet accepted are refused.
    ///
    /// The corresponding C function is `evconnlistener_free`.
    func close() {
        guard let pointer else { return }
        evconnlistener_free(pointer)
        self.pointer = nil
    }

    deinit {
        close()
    }
}

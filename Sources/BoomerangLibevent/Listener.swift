// Owns one `evconnlistener` and the listening socket under it (LEV_OPT_CLOSE_ON_FREE). Confined
// to its loop's thread. The callback context is the listener itself, unretained: its loop frees
// it before it goes away, and it holds its loop unowned.
import BoomerangTLS
import CLibevent

/// A listening socket handed to a loop, and the TLS its connections speak (nil: plain TCP).
public struct ListenerSocket: Sendable {
    /// The bound, listening, non-blocking socket.
    public var fd: Int32
    /// The TLS context of its connections; nil for plain HTTP.
    public var security: TLSServerContext?
    /// How its connections' handshakes go unless the name they ask for has a policy of its own
    /// (a TLS scenario's port has the scenario's).
    public var policy: TLSPolicy

    /// Describes a socket.
    public init(fd: Int32, security: TLSServerContext? = nil, policy: TLSPolicy = TLSPolicy()) {
        self.fd = fd
        self.security = security
        self.policy = policy
    }
}

/// Accepts connections on one listening socket for one loop.
final class Listener {
    private var pointer: OpaquePointer?
    private unowned let loop: EventLoop
    private let security: TLSServerContext?
    private let policy: TLSPolicy

    /// Starts accepting on `socket`; each accepted, non-blocking socket goes to the loop.
    ///
    /// The corresponding C functions are `evconnlistener_new` and `evconnlistener_set_error_cb`.
    init(base: EventBase, socket: ListenerSocket, loop: EventLoop) throws(LibeventError) {
        self.loop = loop
        security = socket.security
        policy = socket.policy
        let flags = UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC)
        let context = Unmanaged.passUnretained(self).toOpaque()
        // Backlog 0: `fd` listens already (with the backlog ListeningSocket chose); -1 would
        // make libevent call listen again with 128.
        pointer = try cCall("evconnlistener_new") {
            evconnlistener_new(base.pointer, listenerDidAccept, context, flags, 0, socket.fd)
        }
        evconnlistener_set_error_cb(pointer, listenerFailed)
    }

    fileprivate func accepted(fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: Int32) {
        loop.accepted(fd: fd, address: address, length: length, security: security, policy: policy)
    }

    fileprivate func failed() {
        loop.listenerFailed()
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

private func listener(_ context: UnsafeMutableRawPointer?) -> Listener {
    Unmanaged<Listener>.fromOpaque(context!).takeUnretainedValue()
}

private func listenerDidAccept(_: OpaquePointer?, fd: Int32, address: UnsafeMutablePointer<sockaddr>?, length: Int32, context: UnsafeMutableRawPointer?) {
    listener(context).accepted(fd: fd, address: address, length: length)
}

private func listenerFailed(_: OpaquePointer?, context: UnsafeMutableRawPointer?) {
    listener(context).failed()
}

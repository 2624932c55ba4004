// Watches a connection's socket for the client's end while the connection does not read it. With
// reading paused, a FIN waits in the socket behind unread bytes; epoll still reports it at once
// (EPOLLRDHUP, libevent's EV_CLOSED). The watch is edge-triggered, because a level-triggered one
// makes epoll return at every turn of the loop for a socket that was reset (libevent 2.1 maps
// EPOLLHUP/EPOLLERR to read and write, never to EV_CLOSED). libevent cannot mix edge- and
// level-triggered events on one descriptor (the write event would turn edge-triggered too), so the
// watch uses its own duplicate of the socket: a second epoll registration of the same socket.
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// An edge-triggered watch for the end or the reset of a socket that is not being read.
final class PeerCloseWatch {
    /// What the socket reported.
    enum Report {
        /// The client ended its side (a FIN, possibly behind unread bytes).
        case ended
        /// The connection failed (a reset); the socket's pending error is consumed.
        case failed
        /// Bytes arrived or the socket changed in a way that ends nothing.
        case nothing
    }

    private let duplicate: Int32
    private var event: Event?

    /// Starts watching `fd`; nil when the base cannot report a peer's end or no descriptor is left.
    ///
    /// The corresponding C functions are `dup` and `event_new`, `event_add` with
    /// `EV_CLOSED | EV_READ | EV_ET | EV_PERSIST`.
    init?(
        fd: Int32,
        base: EventBase,
        context: UnsafeMutableRawPointer,
        callback: @escaping @convention(c) (Int32, Int16, UnsafeMutableRawPointer?) -> Void
    ) {
        guard base.reportsEarlyClose else { return nil }
        duplicate = dup(fd)
        guard duplicate >= 0 else { return nil }
        let events = Int16(EV_CLOSED | EV_READ | EV_ET | EV_PERSIST)
        guard let event = try? Event(base: base, fd: duplicate, events: events, context: context, callback: callback) else {
            Glibc.close(duplicate)
            return nil
        }
        self.event = event
        event.add()
    }

    /// Reads what the events `what` of a callback mean for the socket `fd`.
    static func report(_ what: Int16, fd: Int32) -> Report {
        if what & Int16(EV_CLOSED) != 0 { return .ended }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .failed }
        return error == 0 ? .nothing : .failed
    }

    /// Stops watching and closes the duplicate; the event is freed first, so that epoll forgets it.
    func stop() {
        guard let event else { return }
        event.free()
        self.event = nil
        Glibc.close(duplicate)
    }

    deinit {
        stop()
    }
}

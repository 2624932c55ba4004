// Shared by a server's loops: how many connections each holds, whether it takes new ones, and the
// connections handed to it, all under one lock; and the loops' handles, to wake the one handed a
// connection. Safe on any thread.
import BoomerangRuntime
import BoomerangTLS

/// Spreads accepted connections over a server's loops by how many each holds.
///
/// Each loop accepts on its own `SO_REUSEPORT` socket, and the kernel picks the socket by a hash
/// of the connection's addresses, blind to load: four connections land 2–2 on two loops only
/// three times in eight, and two clients that reconnect for every request share one loop half
/// the time while the other idles. So a loop keeps what it accepts only when no loop that takes
/// connections holds fewer; otherwise the connection goes to the one holding the fewest.
public final class LoopBalancer: Sendable {
    private struct Loop {
        /// Connections open on the loop, and those handed to it and not yet taken up.
        var count = 0
        /// Whether the loop takes new connections: from the start (a loop not running yet takes
        /// up its queue when it does), not once it drains or stops, or its run failed.
        var isAccepting = true
        var handed: [HandedConnection] = []
    }

    private let handles: [LoopHandle]
    private let loops: Locked<[Loop]>

    init(handles: [LoopHandle]) {
        self.handles = handles
        loops = Locked(Array(repeating: Loop(), count: handles.count))
    }

    /// Balances `loops`, whose indexes are their positions; called before they run.
    ///
    /// - Returns: the balancer they share.
    @discardableResult
    public static func share(_ loops: [EventLoop]) -> LoopBalancer {
        precondition(loops.indices.elementsEqual(loops.map(\.index)), "a loop's index is its position")
        let balancer = LoopBalancer(handles: loops.map(\.handle))
        loops.forEach { $0.balance(with: balancer) }
        return balancer
    }

    /// Places a connection loop `index` accepted on the loop holding the fewest, `index` itself
    /// among equals, and counts it there.
    ///
    /// - Returns: whether loop `index` keeps it; if not, it is queued for the chosen loop, which
    ///   is woken to take it up.
    func place(_ connection: HandedConnection, acceptedBy index: Int) -> Bool {
        let (chosen, wakes) = loops.withLock { loops in
            var chosen = index
            for loop in loops.indices where loops[loop].isAccepting && loops[loop].count < loops[chosen].count { chosen = loop }
            loops[chosen].count += 1
            guard chosen != index else { return (chosen, false) }
            loops[chosen].handed.append(connection)
            return (chosen, loops[chosen].handed.count == 1)
        }
        // One wake per batch: the loop takes the whole queue when it wakes.
        if wakes { handles[chosen].wake() }
        return chosen == index
    }

    /// Loop `index` drains or stops, or its run failed: it is handed nothing more.
    ///
    /// - Returns: what was handed to it and not taken up, no longer counted; the caller closes
    ///   the sockets.
    func stopsAccepting(_ index: Int) -> [HandedConnection] {
        loops.withLock { loops in
            loops[index].isAccepting = false
            defer { loops[index].handed = [] }
            loops[index].count -= loops[index].handed.count
            return loops[index].handed
        }
    }

    /// The connections handed to loop `index` since the last call.
    func takeHanded(by index: Int) -> [HandedConnection] {
        loops.withLock { loops in
            defer { loops[index].handed = [] }
            return loops[index].handed
        }
    }

    /// A connection counted on loop `index` is gone: closed, or refused before it was set up.
    func released(from index: Int) {
        loops.withLock { $0[index].count -= 1 }
    }

    /// How many connections each loop holds now, by index.
    public var connectionsPerLoop: [Int] {
        loops.withLock { $0.map(\.count) }
    }
}

/// A connection one loop accepted and hands to another, with what its listener knew of it.
struct HandedConnection: Sendable {
    var fd: Int32
    var remote: SocketAddress?
    var security: TLSServerContext?
    var policy: TLSPolicy
}

// Shared by a server's loops: how many connections each holds, and their handles, through which a
// loop that accepted a connection hands it to another. Safe on any thread.
import BoomerangRuntime

/// Spreads accepted connections over a server's loops by how many each holds.
///
/// Each loop accepts on its own `SO_REUSEPORT` socket, and the kernel picks the socket by a hash
/// of the connection's addresses, blind to load: four connections land 2–2 on two loops only
/// three times in eight, and two clients that reconnect for every request share one loop half
/// the time while the other idles. So a loop keeps what it accepts only when no loop holds fewer
/// connections; otherwise the connection goes to the one holding the fewest.
public final class LoopBalancer: Sendable {
    private let handles: [LoopHandle]
    /// Per loop: connections open on it, and those handed to it and not yet taken up.
    private let counts: Locked<[Int]>

    private init(handles: [LoopHandle]) {
        self.handles = handles
        counts = Locked(Array(repeating: 0, count: handles.count))
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

    /// The loop that takes a connection loop `index` accepted: the one holding the fewest,
    /// `index` itself among equals. The connection counts there from now on.
    func place(acceptedBy index: Int) -> Int {
        counts.withLock { counts in
            var chosen = index
            for loop in counts.indices where counts[loop] < counts[chosen] { chosen = loop }
            counts[chosen] += 1
            return chosen
        }
    }

    /// Hands `connection` to loop `index`, which `place` chose.
    func hand(_ connection: HandedConnection, to index: Int) {
        handles[index].hand(connection)
    }

    /// A connection counted on loop `index` is gone: closed, or refused before it was set up.
    func released(from index: Int) {
        counts.withLock { $0[index] -= 1 }
    }

    /// How many connections each loop holds now, by index.
    public var connectionsPerLoop: [Int] {
        counts.withLock { $0 }
    }
}

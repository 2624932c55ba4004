import BoomerangTLS
import Testing

@testable import BoomerangLibevent

/// Where the balancer places accepted connections: on the loop holding the fewest among those
/// that take connections, never on one that has not started or has stopped.
@Suite struct LoopBalancerTests {
    private func connection(_ fd: Int32) -> HandedConnection {
        HandedConnection(fd: fd, remote: nil, security: nil, policy: TLSPolicy())
    }

    @Test func aLoopKeepsWhatItAcceptsUnlessAnotherHoldsFewer() throws {
        let balancer = LoopBalancer(handles: try (0..<2).map { _ in try LoopHandle() })
        #expect(balancer.place(connection(10), acceptedBy: 0))
        #expect(!balancer.place(connection(11), acceptedBy: 0))
        #expect(balancer.takeHanded(by: 1).map(\.fd) == [11])
        #expect(balancer.takeHanded(by: 1).isEmpty)
        // Equal: each keeps its own.
        #expect(balancer.place(connection(12), acceptedBy: 1))
        #expect(balancer.place(connection(13), acceptedBy: 0))
        #expect(balancer.connectionsPerLoop == [2, 2])
        balancer.released(from: 0)
        #expect(!balancer.place(connection(14), acceptedBy: 1))
        #expect(balancer.takeHanded(by: 0).map(\.fd) == [14])
        #expect(balancer.connectionsPerLoop == [2, 2])
    }

    /// A loop whose run failed, or that drains, is handed nothing: what it was handed and had
    /// not taken up comes back to be closed, no longer counted.
    @Test func loopsThatDoNotTakeConnectionsAreHandedNone() throws {
        let balancer = LoopBalancer(handles: try (0..<3).map { _ in try LoopHandle() })
        #expect(balancer.stopsAccepting(2).isEmpty)
        for fd in Int32(20)..<26 { _ = balancer.place(connection(fd), acceptedBy: 0) }
        #expect(balancer.connectionsPerLoop == [3, 3, 0])
        #expect(balancer.takeHanded(by: 2).isEmpty)
        let orphans = balancer.stopsAccepting(1)
        #expect(orphans.map(\.fd) == [21, 23, 25])
        #expect(balancer.connectionsPerLoop == [3, 0, 0])
        for fd in Int32(30)..<33 { #expect(balancer.place(connection(fd), acceptedBy: 0)) }
        #expect(balancer.connectionsPerLoop == [6, 0, 0])
    }
}

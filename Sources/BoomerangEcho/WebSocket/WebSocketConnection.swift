import BoomerangExchange
import BoomerangSerialization
import BoomerangWire

/// A ``WebSocketSession`` on a connection after its 101: the connection's bytes, end of stream
/// and wake-ups go to the session, the session's actions become ``UpgradeStep``s. The connection
/// counts time in nanoseconds, the session in milliseconds.
package struct WebSocketConnection: ConnectionUpgrade {
    private var session: WebSocketSession

    package init(session: WebSocketSession) {
        self.session = session
    }

    package mutating func start(now: UInt64, waker: ConnectionWaker) -> UpgradeStep {
        let actions = session.start(now: now / 1_000_000)
        return step(actions)
    }

    package mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> UpgradeStep {
        let actions = session.receive(bytes, now: now / 1_000_000)
        return step(actions)
    }

    package mutating func wake(now: UInt64) -> UpgradeStep {
        let actions = session.advance(to: now / 1_000_000)
        return step(actions)
    }

    package mutating func peerClosed(now: UInt64) -> UpgradeStep {
        let actions = session.receiveEndOfStream()
        return step(actions)
    }

    /// The step for `actions`, with the session's deadline once they are taken (call it after the
    /// session has changed: `step(session.start(…))` would read the session as it was before).
    private func step(_ actions: [WebSocketSession.Action]) -> UpgradeStep {
        var step = UpgradeStep()
        for action in actions {
            switch action {
            case .write(let bytes): step.output.append(contentsOf: bytes)
            case .closeConnection: step.close = true
            }
        }
        if let deadline = session.nextDeadline {
            // One millisecond late rather than early: the session acts only once its deadline has passed.
            step.wakeAt = (deadline &+ 1) &* 1_000_000
        }
        return step
    }
}

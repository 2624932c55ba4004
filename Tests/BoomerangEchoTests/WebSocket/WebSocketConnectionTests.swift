import BoomerangExchange
import BoomerangSerialization
import BoomerangWire
import Testing

@testable import BoomerangEcho

/// The adapter between a connection (nanoseconds, ``UpgradeStep``s) and a ``WebSocketSession``.
@Suite struct WebSocketConnectionTests {
    @Test func aDelayedCloseAsksForAWakeUpAndIsSentWhenWoken() {
        var connection = WebSocketConnection(session: WebSocketSession(
            behavior: WebSocketPayloadsBehavior(payload: [1], count: 1, closeDelayMilliseconds: 30)))
        let start = connection.start(now: 5_000_000_000, waker: .none)
        #expect(start.output == [0x82, 0x01, 0x01])
        let wakeAt = start.wakeAt ?? 0
        #expect(wakeAt >= 5_030_000_000, "\(String(describing: start.wakeAt))")
        let early = connection.wake(now: 5_010_000_000)
        #expect(early.output.isEmpty)
        let due = connection.wake(now: wakeAt)
        #expect(due.output == [0x88, 0x02, 0x03, 0xE8])
        #expect(!due.close)
    }
}

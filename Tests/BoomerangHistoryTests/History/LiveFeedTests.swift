import BoomerangSerialization
import Synchronization
import Testing

@testable import BoomerangHistory


/// The subscriber registry and the event-stream producer, without a server.
@Suite struct LiveFeedTests {
    @Test func aSubscriberGetsNewEntriesInOrderAndItsSessionOnly() {
        let store = HistoryStoreTests.store()
        let wakes = Atomic<Int>(0)
        let subscription = store.subscribe(session: "a", after: nil) { wakes.add(1, ordering: .relaxed) }
        HistoryStoreTests.add(store, session: "a")
        HistoryStoreTests.add(store, session: "b")
        HistoryStoreTests.add(store, session: "a")
        guard case .events(let events) = subscription.next() else {
            Issue.record("expected events")
            return
        }
        #expect(events.map { if case .exchange(let entry) = $0 { entry.id } else { 0 } } == [1, 3])
        #expect(wakes.load(ordering: .relaxed) == 2)
        guard case .empty = subscription.next() else {
            Issue.record("expected an empty queue")
            return
        }
    }

    @Test func resumingAfterAnIdReplaysTheKeptEntriesFirst() {
        let store = HistoryStoreTests.store()
        for _ in 0..<3 { HistoryStoreTests.add(store) }
        let subscription = store.subscribe(session: nil, after: 1)
        HistoryStoreTests.add(store)
        guard case .events(let events) = subscription.next() else {
            Issue.record("expected events")
            return
        }
        #expect(events.count == 3)
        let restarted = store.subscribe(session: nil, after: 99)
        guard case .events(let all) = restarted.next() else {
            Issue.record("expected a replay after a restart")
            return
        }
        #expect(all.count == 4)
    }

    @Test func aSubscriberThatStopsReadingIsDroppedAndNeverBlocksRecording() {
        let store = HistoryStoreTests.store(maxEntries: 10_000)
        let stalled = store.subscribe(session: nil, after: nil, capacity: 8)
        let reading = store.subscribe(session: nil, after: nil, capacity: 8)
        #expect(store.feed.subscriberCount == 2)
        for round in 0..<18 {
            HistoryStoreTests.add(store)
            if round % 4 == 3 { _ = reading.next() }
        }
        guard case .dropped = stalled.next() else {
            Issue.record("the stalled subscriber should be dropped")
            return
        }
        #expect(store.feed.subscriberCount == 1)
        guard case .events = reading.next() else {
            Issue.record("the reading subscriber keeps its events")
            return
        }
        store.feed.unsubscribe(reading)
        #expect(store.feed.subscriberCount == 0)
    }

    @Test func clearingReachesSubscribersOfThatSession() {
        let store = HistoryStoreTests.store()
        let subscription = store.subscribe(session: "a", after: nil)
        _ = store.clear(session: "b")
        _ = store.clear(session: "a")
        guard case .events(let events) = subscription.next(), events.count == 1, case .cleared(let session) = events[0] else {
            Issue.record("expected one cleared event")
            return
        }
        #expect(session == "a")
    }

    @Test func theProducerSendsRetryThenEventsThenHeartbeatsAndEndsWhenDropped() throws {
        let store = HistoryStoreTests.store()
        let subscription = store.subscribe(session: nil, after: nil, capacity: 2)
        var producer = EventStreamProducer(
            subscription: subscription, options: store.configuration.echo, heartbeatMilliseconds: 1000, now: 0)
        #expect(producer.next(now: 0) == .bytes(Array("retry: 1000\n\n".utf8)))
        #expect(producer.next(now: 10) == .waitUntil(1000))
        HistoryStoreTests.add(store)
        guard case .bytes(let bytes) = producer.next(now: 20) else {
            Issue.record("expected an event")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("id: 1\nevent: exchange\ndata: {\"id\":1,"))
        #expect(text.hasSuffix("}\n\n"))
        #expect(text.split(separator: "\n").count == 3)
        #expect(producer.next(now: 500) == .waitUntil(1020))
        #expect(producer.next(now: 1020) == .bytes(Array(": keep-alive\n\n".utf8)))
        for _ in 0..<4 { HistoryStoreTests.add(store) }
        #expect(producer.next(now: 1100) == .end)
    }
}

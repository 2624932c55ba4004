import BoomerangExchange
import Testing

@testable import BoomerangHistory

/// `GET /__admin/events`' stream on its own, without a server.
@Suite struct LiveEventStreamTests {
    @Test func aFeedReaderReleasedUnsubscribes() {
        let store = HistoryStoreTests.store()
        do {
            var stream = LiveEventStream(history: store, session: nil, lastEventID: nil)
            stream.attach(waker: ConnectionWaker(target: nil, connectionID: 0))
            #expect(store.feed.subscriberCount == 1)
            #expect(stream.next(now: 0) != .end())
        }
        #expect(store.feed.subscriberCount == 0)
    }
}

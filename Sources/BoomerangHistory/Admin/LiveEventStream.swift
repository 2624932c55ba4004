import BoomerangExchange

/// The held-open `GET /__admin/events` body: subscribes to the history's live feed when the
/// connection attaches, and is woken by it from whichever loop records an exchange. Events go
/// out as they happen, with a comment every 15 s so proxies keep the connection. When the
/// connection goes away the reader is released and the subscription with it.
package struct LiveEventStream: ResponseBodyStream {
    /// Owns the subscription for as long as the response lives.
    package final class Reader: Sendable {
        package let history: HistoryStore
        package let subscription: LiveFeedSubscription

        package init(history: HistoryStore, subscription: LiveFeedSubscription) {
            self.history = history
            self.subscription = subscription
        }

        deinit {
            history.feed.unsubscribe(subscription)
        }
    }

    package let history: HistoryStore
    package let session: String?
    package let lastEventID: Int?
    private var reader: Reader?
    private var producer: EventStreamProducer?
    private var cursor: Int?

    package init(history: HistoryStore, session: String?, lastEventID: Int?) {
        self.history = history
        self.session = session
        self.lastEventID = lastEventID
    }

    package var contentLength: Int? { nil }

    package mutating func attach(waker: ConnectionWaker) {
        let subscription = history.subscribe(session: session, after: lastEventID) { waker.wake() }
        reader = Reader(history: history, subscription: subscription)
        if lastEventID == nil { cursor = history.newestID }
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        guard let reader else { return .end() }
        let milliseconds = now / 1_000_000
        if producer == nil {
            producer = EventStreamProducer(subscription: reader.subscription, options: history.configuration.echo, now: milliseconds)
        }
        switch producer!.next(now: milliseconds) {
        case .bytes(var bytes):
            // A client that sent no Last-Event-ID resumes from the newest entry it could have seen.
            if let id = cursor.take() { bytes += EventStreamFormat.cursor(id) }
            return .bytes(bytes)
        case .waitUntil(let milliseconds):
            return .wait(until: milliseconds &* 1_000_000)
        case .end:
            return .end()
        }
    }
}

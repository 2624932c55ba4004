import BoomerangRuntime
import Synchronization

/// What a live-feed subscriber receives.
package enum FeedEvent: Sendable {
    /// A new exchange.
    case exchange(HistoryEntry)
    /// An exchange published before changed (its response did not leave whole): the entry with
    /// the same id that replaces it.
    case updated(HistoryEntry)
    /// The history, or one session of it, was cleared.
    case cleared(session: String?)
}

/// The registry of live-feed subscribers. Publishing appends to each subscriber's bounded queue
/// and calls its wake-up; a subscriber whose queue is full is dropped on the spot, so a reader
/// that stops reading never slows the loops that publish.
package final class LiveFeed: Sendable {
    /// The events a subscriber may have waiting before it is dropped.
    package static let defaultCapacity = 256

    private let subscribers = Locked<[LiveFeedSubscription]>([])
    private let count = Atomic<Int>(0)

    /// The number of subscribers now.
    package var subscriberCount: Int { count.load(ordering: .relaxed) }

    /// Registers a subscriber with `backlog` already queued.
    package func subscribe(session: String?, backlog: [FeedEvent], capacity: Int, wake: @escaping @Sendable () -> Void) -> LiveFeedSubscription {
        let subscription = LiveFeedSubscription(session: session, backlog: backlog, capacity: capacity, wake: wake)
        subscribers.withLock { list in
            list.append(subscription)
            count.store(list.count, ordering: .relaxed)
        }
        if !backlog.isEmpty { wake() }
        return subscription
    }

    /// Removes a subscriber (its reader went away).
    package func unsubscribe(_ subscription: LiveFeedSubscription) {
        subscription.close()
        subscribers.withLock { list in
            list.removeAll { $0 === subscription }
            count.store(list.count, ordering: .relaxed)
        }
    }

    /// Offers an event to every subscriber; costs one atomic load when there are none.
    package func publish(_ event: FeedEvent) {
        guard count.load(ordering: .relaxed) > 0 else { return }
        var woken: [LiveFeedSubscription] = []
        subscribers.withLock { list in
            list.removeAll { subscription in
                switch subscription.offer(event) {
                case .queued: woken.append(subscription); return false
                case .filtered: return false
                case .dropped: woken.append(subscription); return true
                }
            }
            count.store(list.count, ordering: .relaxed)
        }
        for subscription in woken { subscription.wake() }
    }
}

/// One subscriber's queue: filled by publishers on any loop, drained by its reader.
package final class LiveFeedSubscription: Sendable {
    /// What ``offer(_:)`` did.
    package enum Offer { case queued, filtered, dropped }

    /// What the reader gets next.
    package enum Next: Sendable {
        /// These events, oldest first (never empty).
        case events([FeedEvent])
        /// Nothing now; the wake-up will be called when there is.
        case empty
        /// The queue overflowed and the subscriber was dropped: end the stream (the client resumes
        /// with `Last-Event-ID`).
        case dropped
    }

    private struct State {
        var queue: [FeedEvent]
        var dropped = false
    }

    package let session: String?
    private let capacity: Int
    private let state: Locked<State>
    package let wake: @Sendable () -> Void

    package init(session: String?, backlog: [FeedEvent], capacity: Int, wake: @escaping @Sendable () -> Void) {
        self.session = session
        self.capacity = max(capacity, 1) + backlog.count
        state = Locked(State(queue: backlog))
        self.wake = wake
    }

    package func offer(_ event: FeedEvent) -> Offer {
        if let session {
            switch event {
            case .exchange(let entry) where entry.summary.session != session: return .filtered
            case .updated(let entry) where entry.summary.session != session: return .filtered
            case .cleared(let cleared?) where cleared != session: return .filtered
            default: break
            }
        }
        return state.withLock { state in
            guard !state.dropped else { return .dropped }
            guard state.queue.count < capacity else {
                state.dropped = true
                state.queue = []
                return .dropped
            }
            state.queue.append(event)
            return .queued
        }
    }

    /// Takes every waiting event.
    package func next() -> Next {
        state.withLock { state in
            if state.dropped { return .dropped }
            guard !state.queue.isEmpty else { return .empty }
            defer { state.queue = [] }
            return .events(state.queue)
        }
    }

    fileprivate func close() {
        state.withLock { $0.dropped = true }
    }
}

import BoomerangEcho
import BoomerangSerialization

/// Live-feed events in the `text/event-stream` format (WHATWG HTML §9.2): `id`, `event` and one
/// `data` line of compact JSON, a blank line after each. An `updated` event has no `id`, so the
/// id a reconnecting client sends stays that of the newest exchange.
package enum EventStreamFormat {
    /// One event.
    package static func encode(_ event: FeedEvent, options: EchoConfiguration) -> [UInt8] {
        switch event {
        case .exchange(let entry):
            var bytes = Array("id: \(entry.id)\nevent: exchange\ndata: ".utf8)
            try? JSONWriter().write(entry.summaryValue(options: options), into: &bytes)
            bytes += Array("\n\n".utf8)
            return bytes
        case .updated(let entry):
            var bytes = Array("event: updated\ndata: ".utf8)
            try? JSONWriter().write(entry.summaryValue(options: options), into: &bytes)
            bytes += Array("\n\n".utf8)
            return bytes
        case .cleared(let session):
            var bytes = Array("event: cleared\ndata: ".utf8)
            try? JSONWriter().write(["session": session.map(StructuredValue.string) ?? .null], into: &bytes)
            bytes += Array("\n\n".utf8)
            return bytes
        }
    }

    /// A block that only moves the client's last event id (a blank event, which is not
    /// dispatched but still sets the id a reconnecting `EventSource` sends).
    package static func cursor(_ id: Int) -> [UInt8] {
        Array("id: \(id)\n\n".utf8)
    }

    /// A comment line, which clients ignore: a heartbeat through proxies.
    package static func comment(_ text: String) -> [UInt8] {
        Array(": \(text)\n\n".utf8)
    }

    /// The reconnection delay a client waits after the stream ends.
    package static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }
}

/// The body of a streamed `text/event-stream` response, as a pure producer: asked for its next
/// step at a time, it returns bytes to send, the time to ask again, or the end. It plugs into a
/// pull-based streamed response body; the subscription's wake-up tells the driver to ask early.
package struct EventStreamProducer {
    /// What to do next.
    package enum Step: Equatable {
        /// Send these bytes, then ask again.
        case bytes([UInt8])
        /// Nothing to send before this monotonic time in milliseconds (or before the wake-up).
        case waitUntil(UInt64)
        /// The stream is over: the subscriber was dropped; the client resumes with `Last-Event-ID`.
        case end
    }

    package let subscription: LiveFeedSubscription
    private let options: EchoConfiguration
    private let heartbeatMilliseconds: UInt64
    private var started = false
    private var lastSent: UInt64

    package init(subscription: LiveFeedSubscription, options: EchoConfiguration, heartbeatMilliseconds: UInt64 = 15_000, now: UInt64) {
        self.subscription = subscription
        self.options = options
        self.heartbeatMilliseconds = heartbeatMilliseconds
        lastSent = now
    }

    package mutating func next(now: UInt64) -> Step {
        if !started {
            started = true
            lastSent = now
            return .bytes(EventStreamFormat.retry(milliseconds: 1000))
        }
        switch subscription.next() {
        case .events(let events):
            lastSent = now
            return .bytes(events.flatMap { EventStreamFormat.encode($0, options: options) })
        case .dropped:
            return .end
        case .empty:
            if now &- lastSent >= heartbeatMilliseconds {
                lastSent = now
                return .bytes(EventStreamFormat.comment("keep-alive"))
            }
            return .waitUntil(lastSent + heartbeatMilliseconds)
        }
    }
}

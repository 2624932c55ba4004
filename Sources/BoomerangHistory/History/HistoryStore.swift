import BoomerangRuntime
import Logging

/// The history of exchanges, shared by every loop: a ring of entries bounded by count and by
/// approximate bytes, oldest dropped first, behind one small lock.
///
/// Recording costs one entry allocation and a few assignments under the lock; everything that
/// renders or decodes happens on read. New entries reach the ``LiveFeed`` under the same lock, so
/// subscribers see them in id order.
package final class HistoryStore: Sendable {
    package let configuration: HistoryConfiguration
    package let feed = LiveFeed()
    private let file: HistoryFile?

    private struct State {
        var ring: HistoryRing
        var bytes = 0
        var nextID = 1
    }

    private let state: Locked<State>
    /// Monotonic nanoseconds, for how long an exchange took.
    package let clock: @Sendable () -> UInt64

    package init(configuration: HistoryConfiguration, log: Logger? = nil, clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nanoseconds) {
        self.configuration = configuration
        self.clock = clock
        var initial = State(ring: HistoryRing(capacity: configuration.maxHistoryEntryCount))
        if let path = configuration.file {
            // The file holds up to twice the entries kept, rendered (bodies in base64): eight times
            // the memory bound is room enough; a longer file is not this history's.
            let (scaled, overflow) = configuration.maxHistoryBytes.multipliedReportingOverflow(by: 8)
            let file = HistoryFile(
                path: path, maxEntryCount: configuration.maxHistoryEntryCount,
                maxReadBytes: overflow ? Int.max / 2 : scaled + (1 << 20), options: configuration.echo, log: log)
            for entry in file.load() {
                if let dropped = initial.ring.append(entry) { initial.bytes -= dropped.approximateBytes }
                initial.bytes += entry.approximateBytes
                initial.nextID = max(initial.nextID, entry.id + 1)
            }
            while initial.bytes > configuration.maxHistoryBytes, initial.ring.count > 1, let dropped = initial.ring.removeFirst() {
                initial.bytes -= dropped.approximateBytes
            }
            file.rewrite(initial.ring.entries)
            self.file = file
        } else {
            file = nil
        }
        state = Locked(initial)
    }

    /// The history file's path and why entries are not written to it, if they are not.
    package var fileStatus: (path: String, problem: String?)? {
        file.map { ($0.path, $0.problem) }
    }

    /// Adds an exchange under the next id and drops the oldest entries beyond the bounds.
    @discardableResult
    package func add(_ summary: HistorySummary, _ detail: HistoryEntry.Detail, approximateBytes: Int) -> HistoryEntry {
        add(HistoryEntry(summary: summary, detail: detail, approximateBytes: approximateBytes))
    }

    /// Adds an entry made by the caller (id 0) under the next id, and drops the oldest entries
    /// beyond the bounds.
    @discardableResult
    package func add(_ entry: HistoryEntry) -> HistoryEntry {
        let maxBytes = configuration.maxHistoryBytes
        let approximateBytes = entry.approximateBytes
        state.withLock { state in
            entry.assign(id: state.nextID)
            state.nextID += 1
            if let dropped = state.ring.append(entry) { state.bytes -= dropped.approximateBytes }
            state.bytes += approximateBytes
            while state.bytes > maxBytes, state.ring.count > 1, let dropped = state.ring.removeFirst() {
                state.bytes -= dropped.approximateBytes
            }
            feed.publish(.exchange(entry))
        }
        file?.append(entry)
        return entry
    }

    /// Every entry, oldest first.
    package func snapshot() -> [HistoryEntry] {
        state.withLock { $0.ring.entries }
    }

    /// Every entry, oldest first, and the highest id given so far, read together: a live feed
    /// that resumes after that id misses nothing recorded after the entries were read.
    package func snapshotWithNewestID() -> (entries: [HistoryEntry], newestID: Int) {
        state.withLock { ($0.ring.entries, $0.nextID - 1) }
    }

    /// The entry with this id, if it is still kept.
    package func entry(id: Int) -> HistoryEntry? {
        state.withLock { state in Self.index(of: id, in: state.ring).map { state.ring[$0] } }
    }

    /// Puts `amended` (made with the same id) in the place of `entry`, if it is still kept, and
    /// tells the live feed and the history file.
    package func replace(_ entry: HistoryEntry, with amended: HistoryEntry) {
        let replaced = state.withLock { state in
            guard let index = Self.index(of: entry.id, in: state.ring), state.ring[index] === entry else { return false }
            state.ring.replace(at: index, with: amended)
            state.bytes += amended.approximateBytes - entry.approximateBytes
            feed.publish(.updated(amended))
            return true
        }
        if replaced { file?.append(amended) }
    }

    /// Where the entry with this id is in the ring; ids increase along it.
    private static func index(of id: Int, in ring: HistoryRing) -> Int? {
        var low = 0
        var high = ring.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = ring[middle].id
            if candidate == id { return middle }
            if candidate < id { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The kept entries with an id above `id`, oldest first, of one session or all.
    package func entries(after id: Int, session: String?) -> [HistoryEntry] {
        state.withLock { state in
            var result: [HistoryEntry] = []
            var index = state.ring.count - 1
            while index >= 0, state.ring[index].id > id {
                let entry = state.ring[index]
                if session == nil || entry.summary.session == session { result.append(entry) }
                index -= 1
            }
            return result.reversed()
        }
    }

    /// The highest id given so far (0 before the first).
    package var newestID: Int {
        state.withLock { $0.nextID - 1 }
    }

    /// The number of entries and their approximate bytes.
    package var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.ring.count, $0.bytes) }
    }

    /// Drops every entry, or those of one session; returns how many.
    package func clear(session: String?) -> Int {
        let (removed, newestID) = state.withLock { state in
            let removed = state.ring.removeAll { session == nil || $0.summary.session == session }
            for entry in removed { state.bytes -= entry.approximateBytes }
            feed.publish(.cleared(session: session))
            return (removed.count, state.nextID - 1)
        }
        file?.appendClear(session: session, upTo: newestID)
        return removed
    }

    /// Subscribes to new entries, starting with the kept ones after `lastEventID` (none when it
    /// is `nil`). A `lastEventID` beyond the newest id (a restarted server) replays every kept entry.
    package func subscribe(session: String?, after lastEventID: Int?, capacity: Int = LiveFeed.defaultCapacity, wake: @escaping @Sendable () -> Void = {})
        -> LiveFeedSubscription
    {
        state.withLock { state in
            var backlog: [HistoryEntry] = []
            if var after = lastEventID {
                if after >= state.nextID { after = 0 }
                var index = state.ring.count - 1
                while index >= 0, state.ring[index].id > after {
                    let entry = state.ring[index]
                    if session == nil || entry.summary.session == session { backlog.append(entry) }
                    index -= 1
                }
            }
            return feed.subscribe(session: session, backlog: backlog.reversed().map { .exchange($0) }, capacity: capacity, wake: wake)
        }
    }
}

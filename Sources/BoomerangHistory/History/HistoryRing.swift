/// The entries, oldest first, in a ring that grows up to its capacity and then overwrites its
/// oldest slot: appending never moves the other entries.
package struct HistoryRing {
    private var slots: [HistoryEntry?] = []
    private var start = 0
    package private(set) var count = 0
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends an entry; returns the oldest one when the ring was full and dropped it.
    package mutating func append(_ entry: HistoryEntry) -> HistoryEntry? {
        if count == capacity {
            let dropped = slots[start]
            slots[start] = entry
            start = (start + 1) % capacity
            return dropped
        }
        if count == slots.count {
            if start != 0 { linearize() }
            slots.append(entry)
        } else {
            slots[(start + count) % slots.count] = entry
        }
        count += 1
        return nil
    }

    /// Drops and returns the oldest entry.
    package mutating func removeFirst() -> HistoryEntry? {
        guard count > 0 else { return nil }
        let entry = slots[start]
        slots[start] = nil
        start = (start + 1) % slots.count
        count -= 1
        return entry
    }

    /// The entry at `index`, 0 being the oldest.
    package subscript(index: Int) -> HistoryEntry {
        slots[(start + index) % slots.count]!
    }

    /// Puts `entry` in the place of the one at `index`.
    package mutating func replace(at index: Int, with entry: HistoryEntry) {
        slots[(start + index) % slots.count] = entry
    }

    /// The newest entry.
    package var last: HistoryEntry? {
        count == 0 ? nil : self[count - 1]
    }

    /// Every entry, oldest first.
    package var entries: [HistoryEntry] {
        (0..<count).map { self[$0] }
    }

    /// Drops the entries that `shouldRemove` picks; returns them.
    package mutating func removeAll(where shouldRemove: (HistoryEntry) -> Bool) -> [HistoryEntry] {
        var kept: [HistoryEntry?] = []
        var removed: [HistoryEntry] = []
        for entry in entries {
            if shouldRemove(entry) { removed.append(entry) } else { kept.append(entry) }
        }
        slots = kept
        start = 0
        count = kept.count
        return removed
    }

    private mutating func linearize() {
        slots = entries
        start = 0
    }
}

import Synchronization

/// Counts open connections over every loop against the configured cap.
final class ConnectionBudget: Sendable {
    private let open = Atomic<Int>(0)
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot; false when the cap is reached (the slot is taken anyway: release it).
    func acquire() -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= limit
    }

    func release() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }

    var current: Int { open.load(ordering: .relaxed) }
}

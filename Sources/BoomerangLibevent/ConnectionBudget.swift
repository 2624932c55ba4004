import Synchronization

/// Counts open connections over every loop against the configured cap.
public final class ConnectionBudget: Sendable {
    private let open = Atomic<Int>(0)
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot; false when the cap is reached (the slot is taken anyway: release it).
    public func acquire() -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= limit
    }

    public func release() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }

    public var current: Int { open.load(ordering: .relaxed) }
}

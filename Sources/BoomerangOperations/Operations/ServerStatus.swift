import BoomerangHistory
import BoomerangMocks
import BoomerangRuntime

/// What the operations routes report about the running server.
package struct ServerStatus: Sendable {
    package let metrics: ServerMetrics
    /// The client connections open now, over every loop.
    package let openConnections: @Sendable () -> Int
    package let history: HistoryStore?
    /// The mock mappings, whose load problems the health check reports.
    package var mappings: MappingStore?
    package let threads: Int
    /// Monotonic nanoseconds at start, for the uptime.
    package let startedAt: UInt64
    /// Seconds since 1970 at start.
    package let startedAtWallClock: Double
    /// The monotonic clock `startedAt` is read from.
    package var clock: @Sendable () -> UInt64

    package init(
        metrics: ServerMetrics, openConnections: @escaping @Sendable () -> Int, history: HistoryStore?, mappings: MappingStore? = nil,
        threads: Int, startedAt: UInt64, startedAtWallClock: Double, clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nanoseconds
    ) {
        self.metrics = metrics
        self.openConnections = openConnections
        self.history = history
        self.mappings = mappings
        self.threads = threads
        self.startedAt = startedAt
        self.startedAtWallClock = startedAtWallClock
        self.clock = clock
    }

    package var uptimeSeconds: Double {
        Double(clock() &- startedAt) / 1e9
    }
}

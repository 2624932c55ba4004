import BoomerangRuntime

/// What the operations routes report about the running server.
struct ServerStatus: Sendable {
    let metrics: ServerMetrics
    /// The client connections open now, over every loop.
    let openConnections: @Sendable () -> Int
    let history: HistoryStore?
    /// The mock mappings, whose load problems the health check reports.
    var mappings: MappingStore? = nil
    let threads: Int
    /// Monotonic nanoseconds at start, for the uptime.
    let startedAt: UInt64
    /// Seconds since 1970 at start.
    let startedAtWallClock: Double
    /// The monotonic clock `startedAt` is read from.
    var clock: @Sendable () -> UInt64 = MonotonicClock.nanoseconds

    var uptimeSeconds: Double {
        Double(clock() &- startedAt) / 1e9
    }
}

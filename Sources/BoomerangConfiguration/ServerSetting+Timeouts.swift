import BoomerangSettings

/// The timeouts, the connection limit and the longest delay a request may ask for.
extension ServerSetting {
    /// ``ServerSettings/headerTimeout``: seconds, more than 0 and at most a day.
    public static let headerTimeout = seconds(
        SettingField({ $0.headerTimeout }, { $0.headerTimeout = $1 }),
        name: "headerTimeout",
        summary: "Seconds a client has to send a complete request head; then 408."
    )

    /// ``ServerSettings/idleTimeout``: seconds, more than 0 and at most a day.
    public static let idleTimeout = seconds(
        SettingField({ $0.idleTimeout }, { $0.idleTimeout = $1 }),
        name: "idleTimeout",
        summary: "Seconds an idle keep-alive connection is kept open."
    )

    /// ``ServerSettings/minBodyBytesPerSecond``: a positive integer.
    public static let minBodyBytesPerSecond = integer(
        SettingField({ $0.minBodyBytesPerSecond }, { $0.minBodyBytesPerSecond = $1 }),
        name: "minBodyBytesPerSecond",
        summary: "The slowest accepted body upload rate, in bytes per second.",
        valueName: "bytes"
    )

    /// ``ServerSettings/bodyRateGracePeriod``: seconds, more than 0 and at most a day.
    public static let bodyRateGracePeriod = seconds(
        SettingField({ $0.bodyRateGracePeriod }, { $0.bodyRateGracePeriod = $1 }),
        name: "bodyRateGracePeriod",
        summary: "Seconds of body upload before the minimum rate is enforced."
    )

    /// ``ServerSettings/writeTimeout``: seconds, more than 0 and at most a day.
    public static let writeTimeout = seconds(
        SettingField({ $0.writeTimeout }, { $0.writeTimeout = $1 }),
        name: "writeTimeout",
        summary: "Seconds a response write may make no progress before the connection is closed."
    )

    /// ``ServerSettings/maxConnections``: a positive integer.
    public static let maxConnections = integer(
        SettingField({ $0.maxConnections }, { $0.maxConnections = $1 }),
        name: "maxConnections",
        summary: "The most connections open at once, over all loops.",
        valueName: "count"
    )

    /// ``ServerSettings/maxResponseDelayMilliseconds``: 0 (delays refused) to a day.
    public static let maxResponseDelayMilliseconds = integer(
        SettingField({ $0.maxResponseDelayMilliseconds }, { $0.maxResponseDelayMilliseconds = $1 }),
        name: "maxResponseDelayMilliseconds",
        in: 0...86_400_000,
        summary: "The longest delay a request may ask for with x-set-response-delay-ms.",
        valueName: "ms"
    )

    /// ``ServerSettings/shutdownTimeout``: seconds, more than 0 and at most a day.
    public static let shutdownTimeout = seconds(
        SettingField({ $0.shutdownTimeout }, { $0.shutdownTimeout = $1 }),
        name: "shutdownTimeout",
        summary: "Seconds in-flight exchanges get to finish after SIGINT or SIGTERM."
    )
}

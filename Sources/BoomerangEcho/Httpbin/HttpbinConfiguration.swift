import BoomerangSettings

/// The settings the httpbin routes need, taken once from the server settings.
package struct HttpbinConfiguration: Sendable {
    /// The echo's settings, for the routes that answer with an echo (`/cache`, `/delay`, …).
    package var echo: EchoConfiguration
    /// The longest delay `/delay/{n}` and `/range?duration=` may ask for, in milliseconds.
    package var maxResponseDelayMilliseconds: Int
    /// The largest body `/bytes/{n}` and `/range/{n}` produce.
    package var maxGeneratedBytes: Int
    /// The largest body kept in memory by a route that needs it whole (digest `auth-int`, `/dump/request`).
    package var maxBufferedBodyBytes: Int
    /// Hosts `/redirect-to` may send a client to; empty allows every host, as httpbin does.
    package var allowedRedirectDomains: [String]
    /// The name `/hostname` reports.
    package var reportedHostname: String

    package init(settings: ServerSettings) {
        echo = EchoConfiguration(settings: settings)
        maxResponseDelayMilliseconds = settings.maxResponseDelayMilliseconds
        maxGeneratedBytes = Self.maxGeneratedBytes
        maxBufferedBodyBytes = settings.maxBufferedBodyBytes
        allowedRedirectDomains = settings.allowedRedirectDomains
        reportedHostname = settings.reportedHostname
    }

    /// 10 MiB: ten times httpbin's 100 KiB cap, Firewalk's `/manyBytes` size.
    package static let maxGeneratedBytes = 10 * 1024 * 1024
}

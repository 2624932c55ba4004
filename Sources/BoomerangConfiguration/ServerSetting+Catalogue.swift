extension ServerSetting {
    /// Settings that belong together, under the title `config/server.yaml` and the configuration
    /// reference give them.
    public struct Group: Sendable {
        /// The group's title, such as `Limits`.
        public let title: String
        /// The group's settings, in the order they are listed.
        public let settings: [ServerSetting]
    }

    /// Every setting by group, in the order help text, `config/server.yaml` and
    /// `docs/configuration.md` list them.
    public static let groups: [Group] = [
        Group(title: "Listening", settings: [.host, .port, .httpsPort, .tlsScenarioPorts, .http2, .h2c, .threads]),
        Group(
            title: "Limits",
            settings: [
                .maxRequestLineBytes, .maxHeaderBytes, .maxHeaderCount, .maxBodyBytes, .maxBufferedBodyBytes,
                .maxInlinePartBytes, .temporaryDirectory, .multipartMode,
            ]),
        Group(
            title: "Timeouts and connections",
            settings: [
                .headerTimeout, .idleTimeout, .minBodyBytesPerSecond, .bodyRateGracePeriod, .writeTimeout,
                .maxConnections, .maxResponseDelayMilliseconds, .shutdownTimeout,
            ]),
        Group(
            title: "httpbin routes",
            settings: [.allowedRedirectDomains, .reportedHostname, .profile, .compressResponses, .cors]),
        Group(title: "Logging", settings: [.logFormat, .logLevel, .accessLog]),
        Group(title: "The web page", settings: [.publicDirectory]),
        Group(title: "Mock mappings", settings: [.mappingsDirectory]),
        Group(
            title: "Request history",
            settings: [
                .history, .maxHistoryEntryCount, .maxHistoryBytes, .maxHistoryBodyBytes, .historyFile, .historyRedactHeaders,
            ]),
        Group(title: "Admin API access", settings: [.adminToken, .adminHosts]),
        Group(
            title: "HTTPS and the local certificate authority",
            settings: [.tlsStateDirectory, .tlsNames, .tlsHandshakeTimeout, .tlsHandshakeLimit]),
    ]

    /// Every setting, in the order of ``groups``.
    public static let all: [ServerSetting] = groups.flatMap { $0.settings }

    /// The setting whose ``name``, ``configKey``, ``environmentVariable`` or ``optionName`` is `name`.
    public static func named(_ name: String) -> ServerSetting? {
        all.first { $0.name == name || $0.configKey == name || $0.environmentVariable == name || $0.optionName == name }
    }

    /// The longest accepted timeout, in seconds: one day.
    public static let maxDurationSeconds: Double = 86_400
}

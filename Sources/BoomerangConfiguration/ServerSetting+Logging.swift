import BoomerangSettings
import Logging

/// The settings of the access log and the server log.
extension ServerSetting {
    /// ``ServerSettings/logFormat``: `text` or `json`.
    public static let logFormat = choice(
        SettingField({ $0.logFormat }, { $0.logFormat = $1 }),
        name: "logFormat",
        summary: "The log format."
    )

    /// ``ServerSettings/logLevel``: one of swift-log's levels, written in lower case.
    public static let logLevel = ServerSetting(
        name: "logLevel",
        summary: "The lowest log level written: " + Logger.Level.allCases.map { $0.rawValue }.joined(separator: ", ") + ".",
        valueName: "level",
        expectation: "one of " + Logger.Level.allCases.map { $0.rawValue }.joined(separator: ", "),
        assign: { settings, text in
            guard let level = Logger.Level(rawValue: text) else { return false }
            settings.logLevel = level.rawValue
            return true
        },
        read: { .string($0.logLevel) }
    )

    /// ``ServerSettings/accessLog``: `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`).
    public static let accessLog = boolean(
        SettingField({ $0.accessLog }, { $0.accessLog = $1 }),
        name: "accessLog",
        summary: "Whether one access log line is written per exchange."
    )
}

import BoomerangSettings

/// The settings of the request history.
extension ServerSetting {
    /// ``ServerSettings/history``: `true` or `false`.
    public static let history = boolean(
        SettingField({ $0.history }, { $0.history = $1 }),
        name: "history",
        summary: "Whether exchanges are recorded in the history served under /__admin/."
    )

    /// ``ServerSettings/maxHistoryEntryCount``: a positive integer.
    public static let maxHistoryEntryCount = integer(
        SettingField({ $0.maxHistoryEntryCount }, { $0.maxHistoryEntryCount = $1 }),
        name: "maxHistoryEntryCount",
        summary: "The most exchanges the history keeps; the oldest are dropped first.",
        valueName: "count"
    )

    /// ``ServerSettings/maxHistoryBytes``: a positive integer.
    public static let maxHistoryBytes = integer(
        SettingField({ $0.maxHistoryBytes }, { $0.maxHistoryBytes = $1 }),
        name: "maxHistoryBytes",
        summary: "The approximate memory the history may use; the oldest entries are dropped first.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHistoryBodyBytes``: a positive integer.
    public static let maxHistoryBodyBytes = integer(
        SettingField({ $0.maxHistoryBodyBytes }, { $0.maxHistoryBodyBytes = $1 }),
        name: "maxHistoryBodyBytes",
        summary: "The largest body the history keeps whole; a larger one keeps its size, SHA-256 and a preview.",
        valueName: "bytes"
    )

    /// ``ServerSettings/historyFile``: a path, or empty for none.
    public static let historyFile = optionalText(
        SettingField({ $0.historyFile }, { $0.historyFile = $1 }),
        name: "historyFile",
        summary: "An append-only JSON-lines file the history is written to and reloaded from at start.",
        valueName: "path"
    )

    /// ``ServerSettings/historyRedactHeaders``: `true` or `false`.
    public static let historyRedactHeaders = boolean(
        SettingField({ $0.historyRedactHeaders }, { $0.historyRedactHeaders = $1 }),
        name: "historyRedactHeaders",
        summary: "Whether Authorization, Cookie and other sensitive header values are stored redacted."
    )
}

import BoomerangEcho
import BoomerangSettings

/// The history's knobs, taken once from the server settings.
struct HistoryConfiguration: Sendable {
    /// The most entries kept.
    var maxHistoryEntryCount: Int
    /// The approximate memory the entries may use.
    var maxHistoryBytes: Int
    /// The largest request or response body kept whole.
    var maxHistoryBodyBytes: Int
    /// Whether sensitive header values are stored as `[redacted]`.
    var redactsHeaders: Bool
    /// The append-only file, if any.
    var file: String?
    /// The echo's limits, for decoding a kept body when the echo did not.
    var echo: EchoConfiguration

    init(settings: ServerSettings) {
        maxHistoryEntryCount = settings.maxHistoryEntryCount
        maxHistoryBytes = settings.maxHistoryBytes
        maxHistoryBodyBytes = settings.maxHistoryBodyBytes
        redactsHeaders = settings.historyRedactHeaders
        file = settings.historyFile
        echo = EchoConfiguration(settings: settings)
    }
}

import BoomerangEcho
import BoomerangSettings

/// The history's knobs, taken once from the server settings.
package struct HistoryConfiguration: Sendable {
    /// The most entries kept.
    package var maxHistoryEntryCount: Int
    /// The approximate memory the entries may use.
    package var maxHistoryBytes: Int
    /// The largest request or response body kept whole.
    package var maxHistoryBodyBytes: Int
    /// Whether sensitive header values are stored as `[redacted]`.
    package var redactsHeaders: Bool
    /// The append-only file, if any.
    package var file: String?
    /// The echo's limits, for decoding a kept body when the echo did not.
    package var echo: EchoConfiguration

    package init(settings: ServerSettings) {
        maxHistoryEntryCount = settings.maxHistoryEntryCount
        maxHistoryBytes = settings.maxHistoryBytes
        maxHistoryBodyBytes = settings.maxHistoryBodyBytes
        redactsHeaders = settings.historyRedactHeaders
        file = settings.historyFile
        echo = EchoConfiguration(settings: settings)
    }
}

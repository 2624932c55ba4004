import BoomerangServer
import Foundation

// PLACEHOLDER (branch `cli`): the lead replaces the body of `runServer(_:)` with the real server
// start when merging the server. Until then it prints the finished settings as one JSON line
// (keys are the config keys) and returns, so `boomerang serve` exits 0.

/// Starts the server with `settings` and returns when it has shut down.
func runServer(_ settings: ServerSettings) throws {
    var object: [String: Any] = [:]
    for setting in ServerSetting.all {
        switch setting.value(in: settings) {
        case .string(let text): object[setting.configKey] = text
        case .integer(let integer): object[setting.configKey] = integer
        case .number(let number): object[setting.configKey] = number
        case .boolean(let flag): object[setting.configKey] = flag
        case .automatic: object[setting.configKey] = NSNull()
        }
    }
    let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: json, as: UTF8.self))
}

#if canImport(Glibc)
import Glibc
#endif

/// The variables of the process environment that name a setting (``ServerSetting/environmentVariable``),
/// read as `ProcessInfo.processInfo.environment` reads the environment: an entry is split at its
/// first `=` (one without is skipped), bytes that are not UTF-8 become U+FFFD, and of two entries
/// with one name the last wins. Only the settings' variables are made into strings: the whole
/// environment as a dictionary costs a third of a million instructions at start-up.
public enum SettingsEnvironment {
    /// The settings' variables in the process environment.
    public static func variables() -> [String: String] {
        variables(in: environ)
    }

    /// The settings' variables in `entries`, a null-terminated list of `name=value` C strings.
    public static func variables(in entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var names: Set<String> = []
        for setting in ServerSetting.all {
            names.insert(setting.environmentVariable)
        }
        var variables: [String: String] = [:]
        var entry = entries
        while let text = entry.pointee {
            if let equals = strchr(text, Int32(UInt8(ascii: "="))) {
                let name = String(
                    decoding: UnsafeRawBufferPointer(start: text, count: text.distance(to: equals)), as: UTF8.self)
                if names.contains(name) {
                    variables[name] = String(cString: equals + 1)
                }
            }
            entry += 1
        }
        return variables
    }
}

/// The default `Accept-Language` and `User-Agent` values of ``HTTPRequestSerializer``, built from
/// values the caller passes in.
///
/// AFNetworking reads them from the environment (the preferred languages, the process name, the
/// bundle version); the core reads no environment, so those come from BoomerangClient's
/// `ProcessEnvironment`.
public enum RequestDefaults {
    /// AFNetworking's `Accept-Language` value for a preference-ordered list of languages.
    ///
    /// Entry *i* is `lang;q=Q` with Q = `1.0f - i * 0.1f` printed with `%0.1g` (`1`, `0.9`, … `0.5`);
    /// at most six entries, joined with `", "`: `en-US;q=1, fr;q=0.9`.
    ///
    /// - Returns: the header value, or `nil` for an empty list.
    public static func acceptLanguage(_ languages: [String]) -> String? {
        let qualities = ["1", "0.9", "0.8", "0.7", "0.6", "0.5"]
        let entries = zip(languages, qualities).map { "\($0);q=\($1)" }
        return entries.isEmpty ? nil : entries.joined(separator: ", ")
    }

    /// Boomerang's `User-Agent` on Linux, where AFNetworking has no branch and sends none:
    /// AFNetworking's macOS form with `Linux;` and the operating-system string,
    /// `Exe/Ver (Linux; Debian GNU/Linux 12 (bookworm))`.
    ///
    /// Characters outside printable ASCII are dropped (AFNetworking transliterates them with ICU).
    ///
    /// - Parameters:
    ///   - executable: the program name (AFNetworking: the process name).
    ///   - version: the program version (AFNetworking: the main bundle's short version, then its
    ///     build version).
    ///   - system: the operating system, as `ProcessInfo.operatingSystemVersionString` gives it.
    public static func userAgent(executable: String, version: String, system: String) -> String {
        let text = "\(executable)/\(version) (Linux; \(system))"
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }))
    }
}

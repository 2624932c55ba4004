import Foundation

/// The default `Accept-Language` and `User-Agent` values of ``HTTPRequestSerializer``.
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

    /// The preferred languages of the environment: Foundation's `Locale.preferredLanguages`.
    ///
    /// On Linux, Foundation derives the list from the process locale (the `LANGUAGE`, `LC_*` and
    /// `LANG` variables), for example `["en-001"]`; tests should check the header's shape.
    public static func environmentLanguages() -> [String] {
        Locale.preferredLanguages
    }

    /// Boomerang's `User-Agent` on Linux, where AFNetworking has no branch and sends none:
    /// AFNetworking's macOS form with `Linux;` and the operating-system string,
    /// `Exe/Ver (Linux; Debian GNU/Linux 12 (bookworm))`.
    ///
    /// Characters outside printable ASCII are dropped (AFNetworking transliterates them with ICU).
    ///
    /// - Parameters:
    ///   - executable: the program name; the process name by default.
    ///   - version: the program version; the main bundle's short version, then its build version,
    ///     then `0` (Linux executables usually have no bundle).
    ///   - system: the operating system; `ProcessInfo.operatingSystemVersionString` by default.
    public static func userAgent(
        executable: String = ProcessInfo.processInfo.processName,
        version: String = bundleVersion(),
        system: String = ProcessInfo.processInfo.operatingSystemVersionString
    ) -> String {
        let text = "\(executable)/\(version) (Linux; \(system))"
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }))
    }

    /// The main bundle's `CFBundleShortVersionString`, then `CFBundleVersion`, then `0`.
    public static func bundleVersion() -> String {
        let info = Bundle.main.infoDictionary ?? [:]
        return (info["CFBundleShortVersionString"] as? String) ?? (info["CFBundleVersion"] as? String) ?? "0"
    }
}

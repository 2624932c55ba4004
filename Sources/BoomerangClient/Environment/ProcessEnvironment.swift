import BoomerangSerialization
import Foundation

/// What AFNetworking's default request headers read from the running process: the preferred
/// languages, the program's name and version, and the operating system. The environment
/// adapter of the core's ``RequestDefaults``, which reads nothing itself.
///
/// ```swift
/// let serializer = HTTPRequestSerializer(environment: .current)
/// // Accept-Language: en-001;q=1, User-Agent: boomerang-client/0 (Linux; Debian GNU/Linux 12 (bookworm))
/// ```
public struct ProcessEnvironment: Sendable, Hashable {
    /// The preferred languages, most preferred first.
    public var languages: [String]
    /// The program's name.
    public var executable: String
    /// The program's version.
    public var version: String
    /// The operating system's name and version.
    public var system: String

    /// Creates an environment from given values.
    public init(languages: [String], executable: String, version: String, system: String) {
        self.languages = languages
        self.executable = executable
        self.version = version
        self.system = system
    }

    /// The running process's environment.
    ///
    /// - Languages: Foundation's `Locale.preferredLanguages`; on Linux Foundation derives them
    ///   from the process locale (the `LANGUAGE`, `LC_*` and `LANG` variables), for example
    ///   `["en-001"]`.
    /// - Executable: `ProcessInfo.processName`.
    /// - Version: the main bundle's `CFBundleShortVersionString`, then `CFBundleVersion`, then `0`
    ///   (Linux executables usually have no bundle).
    /// - System: `ProcessInfo.operatingSystemVersionString`.
    public static var current: ProcessEnvironment {
        let info = Bundle.main.infoDictionary ?? [:]
        let version = (info["CFBundleShortVersionString"] as? String) ?? (info["CFBundleVersion"] as? String) ?? "0"
        return ProcessEnvironment(
            languages: Locale.preferredLanguages,
            executable: ProcessInfo.processInfo.processName,
            version: version,
            system: ProcessInfo.processInfo.operatingSystemVersionString
        )
    }

    /// The `Accept-Language` value AFNetworking sends: ``RequestDefaults/acceptLanguage(_:)``.
    public var acceptLanguage: String? {
        RequestDefaults.acceptLanguage(languages)
    }

    /// The `User-Agent` value: ``RequestDefaults/userAgent(executable:version:system:)``.
    public var userAgent: String {
        RequestDefaults.userAgent(executable: executable, version: version, system: system)
    }
}

extension HTTPRequestSerializer {
    /// Creates a serializer with AFNetworking's default headers taken from an environment:
    /// `Accept-Language` from its languages and `User-Agent` from its program and system.
    ///
    /// - Parameter environment: where the values come from; usually ``ProcessEnvironment/current``.
    public convenience init(environment: ProcessEnvironment) {
        self.init(languages: environment.languages, userAgent: environment.userAgent)
    }
}

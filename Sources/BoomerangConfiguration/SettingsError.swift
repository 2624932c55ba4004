/// Why settings could not be loaded: a value that is not valid, or a config file that cannot be used.
///
/// ``description`` is the sentence shown to users; the other properties say the same for code
/// and tests.
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// A value on the command line, in the environment or in the file is not valid for its setting.
        public static let invalidValue = Code("invalidValue")
        /// The config file has a key that names no setting.
        public static let unknownKey = Code("unknownKey")
        /// The config file has the same key twice.
        public static let duplicateKey = Code("duplicateKey")
        /// A config file key has a list or mapping for a value instead of one scalar.
        public static let notAScalar = Code("notAScalar")
        /// The config file's top level is not a mapping of keys to values.
        public static let notAMapping = Code("notAMapping")
        /// The config file is not valid YAML.
        public static let invalidYAML = Code("invalidYAML")
        /// The config file is not valid UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// The config file is larger than ``SettingsLoader/maxConfigFileBytes``.
        public static let fileTooLarge = Code("fileTooLarge")
        /// The config file given explicitly does not exist.
        public static let fileNotFound = Code("fileNotFound")
        /// The config file exists but cannot be read.
        public static let unreadableFile = Code("unreadableFile")

        /// The code's name.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// The sentence shown to users, naming the setting or key, where it came from and what is expected.
    public var message: String
    /// The setting's config key, or the config file key at fault, when there is one.
    public var key: String?
    /// The offending value, when there is one.
    public var value: String?
    /// The config file's path, when the failure is about the file.
    public var path: String?
    /// The 1-based line in the config file, when known.
    public var line: Int?

    /// Creates an error; prefer the factories, which write the message.
    public init(
        code: Code,
        message: String,
        key: String? = nil,
        value: String? = nil,
        path: String? = nil,
        line: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.key = key
        self.value = value
        self.path = path
        self.line = line
    }

    /// The sentence shown to users.
    public var description: String { message }
}

extension SettingsError {
    /// Where a value came from, for messages.
    enum Origin {
        case option
        case environment
        case file(path: String, line: Int?)
    }

    static func invalidValue(_ value: String, for setting: ServerSetting, from origin: Origin) -> SettingsError {
        let place: String
        var path: String?
        var line: Int?
        switch origin {
        case .option:
            place = "--\(setting.optionName)"
        case .environment:
            place = "environment variable \(setting.environmentVariable)"
        case .file(let filePath, let fileLine):
            place = "key '\(setting.configKey)' in \(filePath)\(lineSuffix(fileLine))"
            path = filePath
            line = fileLine
        }
        return SettingsError(
            code: .invalidValue,
            message: "invalid value '\(value)' for \(place): expected \(setting.expectation)",
            key: setting.configKey,
            value: value,
            path: path,
            line: line
        )
    }

    static func unknownKey(_ key: String, path: String, line: Int?) -> SettingsError {
        SettingsError(
            code: .unknownKey,
            message: "unknown key '\(key)' in \(path)\(lineSuffix(line))",
            key: key,
            path: path,
            line: line
        )
    }

    static func duplicateKey(_ key: String, path: String) -> SettingsError {
        SettingsError(code: .duplicateKey, message: "duplicate key '\(key)' in \(path)", key: key, path: path)
    }

    static func notAScalar(_ key: String, kind: String, path: String, line: Int?) -> SettingsError {
        SettingsError(
            code: .notAScalar,
            message: "key '\(key)' in \(path)\(lineSuffix(line)) must have a single value, not a \(kind)",
            key: key,
            path: path,
            line: line
        )
    }

    static func notAMapping(path: String) -> SettingsError {
        SettingsError(
            code: .notAMapping,
            message: "\(path) must be a mapping of setting keys to values",
            path: path
        )
    }

    static func invalidYAML(path: String, problem: String, line: Int?, column: Int?) -> SettingsError {
        let position = line.map { line in " (line \(line)" + (column.map { ", column \($0))" } ?? ")") } ?? ""
        return SettingsError(
            code: .invalidYAML,
            message: "\(path) is not valid YAML: \(problem)\(position)",
            path: path,
            line: line
        )
    }

    static func invalidUTF8(path: String) -> SettingsError {
        SettingsError(code: .invalidUTF8, message: "\(path) is not valid UTF-8", path: path)
    }

    static func fileTooLarge(path: String) -> SettingsError {
        SettingsError(
            code: .fileTooLarge,
            message:
                "\(path) is larger than \(SettingsLoader.maxConfigFileBytes) bytes, the limit for a config file",
            path: path
        )
    }

    static func fileNotFound(path: String) -> SettingsError {
        SettingsError(code: .fileNotFound, message: "config file \(path) does not exist", path: path)
    }

    static func unreadableFile(path: String, reason: String) -> SettingsError {
        SettingsError(code: .unreadableFile, message: "cannot read config file \(path): \(reason)", path: path)
    }

    private static func lineSuffix(_ line: Int?) -> String {
        line.map { " (line \($0))" } ?? ""
    }
}

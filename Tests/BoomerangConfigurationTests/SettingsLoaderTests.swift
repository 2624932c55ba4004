import BoomerangConfiguration
import BoomerangSettings
import Testing

@Suite struct SettingsLoaderTests {
    private static func file(_ text: String, path: String = "config/server.yaml") -> ConfigFile {
        ConfigFile(path: path, contents: Array(text.utf8))
    }

    // MARK: Precedence

    /// A setting with three different valid values, one per layer.
    struct Layers: Sendable, CustomTestStringConvertible {
        var setting: ServerSetting
        var option: String
        var environment: String
        var file: String
        var expectedFromOption: ServerSetting.Value
        var expectedFromEnvironment: ServerSetting.Value
        var expectedFromFile: ServerSetting.Value
        var testDescription: String { setting.name }
    }

    static let layers: [Layers] = [
        Layers(
            setting: .port,
            option: "9001",
            environment: "9002",
            file: "9003",
            expectedFromOption: .integer(9001),
            expectedFromEnvironment: .integer(9002),
            expectedFromFile: .integer(9003)
        ),
        Layers(
            setting: .host,
            option: "0.0.0.0",
            environment: "::1",
            file: "localhost",
            expectedFromOption: .string("0.0.0.0"),
            expectedFromEnvironment: .string("::1"),
            expectedFromFile: .string("localhost")
        ),
        Layers(
            setting: .threads,
            option: "auto",
            environment: "3",
            file: "256",
            expectedFromOption: .automatic,
            expectedFromEnvironment: .integer(3),
            expectedFromFile: .integer(256)
        ),
        Layers(
            setting: .maxBodyBytes,
            option: "1",
            environment: "9223372036854775807",
            file: "1024",
            expectedFromOption: .integer(1),
            expectedFromEnvironment: .integer(Int64.max),
            expectedFromFile: .integer(1024)
        ),
        Layers(
            setting: .headerTimeout,
            option: "0.5",
            environment: "86400",
            file: "2.25",
            expectedFromOption: .number(0.5),
            expectedFromEnvironment: .number(86_400),
            expectedFromFile: .number(2.25)
        ),
        Layers(
            setting: .logLevel,
            option: "trace",
            environment: "critical",
            file: "warning",
            expectedFromOption: .string("trace"),
            expectedFromEnvironment: .string("critical"),
            expectedFromFile: .string("warning")
        ),
        Layers(
            setting: .logFormat,
            option: "json",
            environment: "text",
            file: "json",
            expectedFromOption: .string("json"),
            expectedFromEnvironment: .string("text"),
            expectedFromFile: .string("json")
        ),
        Layers(
            setting: .accessLog,
            option: "false",
            environment: "yes",
            file: "off",
            expectedFromOption: .boolean(false),
            expectedFromEnvironment: .boolean(true),
            expectedFromFile: .boolean(false)
        ),
        Layers(
            setting: .maxResponseDelayMilliseconds,
            option: "0",
            environment: "86400000",
            file: "250",
            expectedFromOption: .integer(0),
            expectedFromEnvironment: .integer(86_400_000),
            expectedFromFile: .integer(250)
        ),
    ]

    @Test(arguments: layers)
    func optionBeatsEnvironmentBeatsFileBeatsDefault(_ layers: Layers) throws {
        let setting = layers.setting
        let option = [setting.optionName: layers.option]
        let environment = [setting.environmentVariable: layers.environment]
        let file = Self.file("\(setting.configKey): \(layers.file)\n")

        let all = try SettingsLoader.load(options: option, environment: environment, configFile: file)
        #expect(setting.value(in: all) == layers.expectedFromOption)
        let optionOnly = try SettingsLoader.load(options: option, environment: [:], configFile: nil)
        #expect(setting.value(in: optionOnly) == layers.expectedFromOption)
        let environmentAndFile = try SettingsLoader.load(options: [:], environment: environment, configFile: file)
        #expect(setting.value(in: environmentAndFile) == layers.expectedFromEnvironment)
        let fileOnly = try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        #expect(setting.value(in: fileOnly) == layers.expectedFromFile)
        let none = try SettingsLoader.load(options: [:], environment: [:], configFile: nil)
        #expect(none == ServerSettings())
    }

    @Test func layersMixPerSetting() throws {
        let settings = try SettingsLoader.load(
            options: ["port": "1"],
            environment: ["HOST": "0.0.0.0", "PORT": "2"],
            configFile: Self.file("port: 3\nhost: localhost\nlog_level: debug\n")
        )
        var expected = ServerSettings()
        expected.port = 1
        expected.host = "0.0.0.0"
        expected.logLevel = "debug"
        #expect(settings == expected)
    }

    @Test func emptyEnvironmentVariableCountsAsUnset() throws {
        let settings = try SettingsLoader.load(
            options: [:],
            environment: ["PORT": "", "LOG_LEVEL": ""],
            configFile: Self.file("port: 7\n")
        )
        #expect(settings.port == 7)
        #expect(settings.logLevel == "info")
    }

    @Test func unrelatedEnvironmentVariablesAreIgnored() throws {
        let settings = try SettingsLoader.load(
            options: [:],
            environment: ["PATH": "/usr/bin", "port": "1", "BOOMERANG_PORT": "2", "HOSTNAME": "x y"],
            configFile: nil
        )
        #expect(settings == ServerSettings())
    }

    @Test(arguments: ["port:\n", "port: ~\n", "port: null\n", "port: # commented out\n"])
    func fileKeyWithoutValueCountsAsUnset(_ text: String) throws {
        let settings = try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(text))
        #expect(settings.port == 8080)
    }

    @Test(arguments: ["", "\n", "# only a comment\n", "---\n"])
    func emptyFileGivesDefaults(_ text: String) throws {
        let settings = try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(text))
        #expect(settings == ServerSettings())
    }

    @Test func quotedFileValuesAreAccepted() throws {
        let settings = try SettingsLoader.load(
            options: [:],
            environment: [:],
            configFile: Self.file("port: \"81\"\nhost: '::'\n")
        )
        #expect(settings.port == 81)
        #expect(settings.host == "::")
    }

    // MARK: Invalid values

    /// A value that a setting refuses, and the expectation its message states.
    struct Invalid: Sendable, CustomTestStringConvertible {
        var setting: ServerSetting
        var text: String
        var expectation: String
        var testDescription: String { "\(setting.name)=\(text)" }
    }

    static let invalidValues: [Invalid] = [
        Invalid(setting: .host, text: "", expectation: "a host name or IP address without spaces"),
        Invalid(setting: .host, text: "local host", expectation: "a host name or IP address without spaces"),
        Invalid(setting: .port, text: "-1", expectation: "an integer from 0 to 65535"),
        Invalid(setting: .port, text: "65536", expectation: "an integer from 0 to 65535"),
        Invalid(setting: .port, text: "http", expectation: "an integer from 0 to 65535"),
        Invalid(setting: .port, text: "80.0", expectation: "an integer from 0 to 65535"),
        Invalid(setting: .threads, text: "0", expectation: "auto or an integer from 1 to 256"),
        Invalid(setting: .threads, text: "257", expectation: "auto or an integer from 1 to 256"),
        Invalid(setting: .threads, text: "AUTO", expectation: "auto or an integer from 1 to 256"),
        Invalid(setting: .maxRequestLineBytes, text: "0", expectation: "a positive integer"),
        Invalid(setting: .maxHeaderBytes, text: "-5", expectation: "a positive integer"),
        Invalid(setting: .maxHeaderCount, text: "1e3", expectation: "a positive integer"),
        Invalid(setting: .maxBodyBytes, text: "9223372036854775808", expectation: "a positive integer"),
        Invalid(setting: .maxBufferedBodyBytes, text: "10MiB", expectation: "a positive integer"),
        Invalid(setting: .minBodyBytesPerSecond, text: "0", expectation: "a positive integer"),
        Invalid(setting: .maxConnections, text: "0", expectation: "a positive integer"),
        Invalid(setting: .maxResponseDelayMilliseconds, text: "86400001", expectation: "an integer from 0 to 86400000"),
        Invalid(setting: .headerTimeout, text: "0", expectation: "a number of seconds above 0 and at most 86400"),
        Invalid(setting: .idleTimeout, text: "-1", expectation: "a number of seconds above 0 and at most 86400"),
        Invalid(
            setting: .bodyRateGracePeriod,
            text: "nan",
            expectation: "a number of seconds above 0 and at most 86400"
        ),
        Invalid(setting: .writeTimeout, text: "inf", expectation: "a number of seconds above 0 and at most 86400"),
        Invalid(
            setting: .shutdownTimeout,
            text: "86400.5",
            expectation: "a number of seconds above 0 and at most 86400"
        ),
        Invalid(setting: .headerTimeout, text: "10s", expectation: "a number of seconds above 0 and at most 86400"),
        Invalid(setting: .logFormat, text: "xml", expectation: "one of text, json"),
        Invalid(setting: .logFormat, text: "JSON", expectation: "one of text, json"),
        Invalid(
            setting: .logLevel,
            text: "verbose",
            expectation: "one of trace, debug, info, notice, warning, error, critical"
        ),
        Invalid(setting: .accessLog, text: "maybe", expectation: "true or false"),
    ]

    @Test(arguments: invalidValues)
    func invalidOptionNamesTheOption(_ invalid: Invalid) {
        let setting = invalid.setting
        #expect(
            throws: SettingsError(
                code: .invalidValue,
                message: "invalid value '\(invalid.text)' for --\(setting.optionName): expected \(invalid.expectation)",
                key: setting.configKey,
                value: invalid.text
            )
        ) {
            try SettingsLoader.load(options: [setting.optionName: invalid.text], environment: [:], configFile: nil)
        }
    }

    @Test(arguments: invalidValues.filter { !$0.text.isEmpty })
    func invalidEnvironmentVariableNamesTheVariable(_ invalid: Invalid) {
        let setting = invalid.setting
        let variable = setting.environmentVariable
        #expect(
            throws: SettingsError(
                code: .invalidValue,
                message:
                    "invalid value '\(invalid.text)' for environment variable \(variable)"
                    + ": expected \(invalid.expectation)",
                key: setting.configKey,
                value: invalid.text
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [variable: invalid.text], configFile: nil)
        }
    }

    /// Robustness R06 (negative limits, limit 0, limits past Int64, wrong types).
    @Test(arguments: invalidValues.filter { !$0.text.isEmpty })
    func invalidFileValueNamesTheKeyFileAndLine(_ invalid: Invalid) {
        let setting = invalid.setting
        let key = setting.configKey
        #expect(
            throws: SettingsError(
                code: .invalidValue,
                message:
                    "invalid value '\(invalid.text)' for key '\(key)' in my.yaml (line 2)"
                    + ": expected \(invalid.expectation)",
                key: key,
                value: invalid.text,
                path: "my.yaml",
                line: 2
            )
        ) {
            try SettingsLoader.load(
                options: [:],
                environment: [:],
                configFile: Self.file("# settings\n\(key): '\(invalid.text)'\n", path: "my.yaml")
            )
        }
    }

    /// Robustness R06 (wrong types).
    @Test func fileValueOfWrongYAMLTypeNamesTheKey() {
        #expect(
            throws: SettingsError(
                code: .invalidValue,
                message:
                    "invalid value 'true' for key 'port' in config/server.yaml (line 1)"
                    + ": expected an integer from 0 to 65535",
                key: "port",
                value: "true",
                path: "config/server.yaml",
                line: 1
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("port: true\n"))
        }
    }

    @Test func invalidValueIsAnErrorEvenWhenOverridden() {
        #expect(throws: SettingsError.self) {
            try SettingsLoader.load(options: ["port": "1"], environment: ["PORT": "x"], configFile: nil)
        }
        #expect(throws: SettingsError.self) {
            try SettingsLoader.load(options: [:], environment: ["PORT": "1"], configFile: Self.file("port: x\n"))
        }
    }

    // MARK: The config file

    /// Robustness R06 (unknown keys).
    @Test func unknownKeyNamesTheKeyAndFile() {
        #expect(
            throws: SettingsError(
                code: .unknownKey,
                message: "unknown key 'prot' in config/server.yaml (line 2)",
                key: "prot",
                path: "config/server.yaml",
                line: 2
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("host: ::1\nprot: 80\n"))
        }
    }

    @Test(arguments: ["PORT", "maxBodyBytes", "max-body-bytes", "Port"])
    func keysInOtherStylesAreUnknown(_ key: String) {
        #expect(
            throws: SettingsError(
                code: .unknownKey,
                message: "unknown key '\(key)' in config/server.yaml (line 1)",
                key: key,
                path: "config/server.yaml",
                line: 1
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("\(key): 1\n"))
        }
    }

    @Test func unknownKeyWithoutValueIsStillUnknown() {
        #expect(
            throws: SettingsError(
                code: .unknownKey,
                message: "unknown key 'nonsense' in config/server.yaml (line 1)",
                key: "nonsense",
                path: "config/server.yaml",
                line: 1
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("nonsense:\n"))
        }
    }

    @Test func duplicateKeyIsAnError() {
        #expect(
            throws: SettingsError(
                code: .duplicateKey,
                message: "duplicate key 'port' in config/server.yaml",
                key: "port",
                path: "config/server.yaml"
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("port: 1\nport: 2\n"))
        }
    }

    @Test(arguments: [("port: [1, 2]\n", "list"), ("port:\n  - 1\n", "list"), ("port: {a: 1}\n", "mapping")])
    func nonScalarValueNamesTheKey(_ text: String, kind: String) {
        #expect(
            throws: SettingsError(
                code: .notAScalar,
                message: "key 'port' in config/server.yaml (line 1) must have a single value, not a \(kind)",
                key: "port",
                path: "config/server.yaml",
                line: 1
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(text))
        }
    }

    @Test(arguments: ["- port\n- 8080\n", "8080\n", "just text\n"])
    func topLevelMustBeAMapping(_ text: String) {
        #expect(
            throws: SettingsError(
                code: .notAMapping,
                message: "config/server.yaml must be a mapping of setting keys to values",
                path: "config/server.yaml"
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(text))
        }
    }

    @Test func badYAMLNamesTheFileProblemAndPosition() {
        #expect(
            throws: SettingsError(
                code: .invalidYAML,
                message:
                    "config/server.yaml is not valid YAML: "
                    + "mapping values are not allowed in this context (line 2, column 8)",
                path: "config/server.yaml",
                line: 2
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file("port: 1\nhost: a: b\n"))
        }
    }

    @Test(arguments: [
        "port: [1\n", "port: \"open\n", "\tport: 1\n", "port: 1\n---\nport: 2\n",
        "port: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n",
        (0..<1_100).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
            + String(repeating: " ", count: 1_100) + "v\n",
    ])
    func malformedYAMLIsInvalidYAML(_ text: String) throws {
        let error = try #require(throws: SettingsError.self) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(text))
        }
        #expect(error.code == .invalidYAML)
        #expect(error.path == "config/server.yaml")
        #expect(error.message.hasPrefix("config/server.yaml is not valid YAML: "))
    }

    /// Robustness R06 (non-UTF-8).
    @Test func invalidUTF8IsRefused() {
        #expect(
            throws: SettingsError(
                code: .invalidUTF8,
                message: "config/server.yaml is not valid UTF-8",
                path: "config/server.yaml"
            )
        ) {
            try SettingsLoader.load(
                options: [:],
                environment: [:],
                configFile: ConfigFile(path: "config/server.yaml", contents: Array("host: ".utf8) + [0xFF, 0x0A])
            )
        }
    }

    /// Robustness R06 (at most 1 MiB is read).
    @Test func fileOverOneMebibyteIsRefused() throws {
        let padding = "# " + String(repeating: "x", count: 1 << 20) + "\n"
        #expect(
            throws: SettingsError(
                code: .fileTooLarge,
                message: "config/server.yaml is larger than 1048576 bytes, the limit for a config file",
                path: "config/server.yaml"
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(padding + "port: 1\n"))
        }
        let exactlyAtLimit = String(padding.prefix((1 << 20) - 8)) + "\nport: 1"
        #expect(exactlyAtLimit.utf8.count == 1 << 20)
        let settings = try SettingsLoader.load(options: [:], environment: [:], configFile: Self.file(exactlyAtLimit))
        #expect(settings.port == 1)
    }
}

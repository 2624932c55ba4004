import BoomerangConfiguration
import BoomerangSettings
import Testing

@Suite struct SettingsLoaderTests {
    static func file(_ text: String, path: String = "config/server.yaml") -> ConfigFile {
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
}

import BoomerangConfiguration
import BoomerangSettings
import Testing

extension SettingsLoaderTests {
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

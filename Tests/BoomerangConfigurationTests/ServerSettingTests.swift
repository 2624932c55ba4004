import BoomerangConfiguration
import BoomerangSettings
import Foundation
import Testing

@Suite struct ServerSettingTests {
    @Test(arguments: [
        (ServerSetting.host, "host", "HOST", "host"),
        (.port, "port", "PORT", "port"),
        (.maxBodyBytes, "max_body_bytes", "MAX_BODY_BYTES", "max-body-bytes"),
        (.minBodyBytesPerSecond, "min_body_bytes_per_second", "MIN_BODY_BYTES_PER_SECOND", "min-body-bytes-per-second"),
        (.logLevel, "log_level", "LOG_LEVEL", "log-level"),
        (.accessLog, "access_log", "ACCESS_LOG", "access-log"),
    ])
    func namesDeriveFromThePropertyName(_ setting: ServerSetting, configKey: String, variable: String, option: String) {
        #expect(setting.configKey == configKey)
        #expect(setting.environmentVariable == variable)
        #expect(setting.optionName == option)
    }

    @Test func everySettingHasUniqueNames() {
        let names = ServerSetting.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 45)
        for setting in ServerSetting.all {
            #expect(ServerSetting.named(setting.configKey)?.name == setting.name)
            #expect(ServerSetting.named(setting.environmentVariable)?.name == setting.name)
            #expect(ServerSetting.named(setting.optionName)?.name == setting.name)
        }
        #expect(ServerSetting.named("nope") == nil)
    }

    @Test(arguments: ServerSetting.all.map(\.name))
    func defaultValueTextIsAcceptedBack(_ name: String) throws {
        let setting = try #require(ServerSetting.named(name))
        let defaults = ServerSettings()
        let text = setting.value(in: defaults).description
        var settings = ServerSettings()
        #expect(setting.apply(text, to: &settings))
        #expect(settings == defaults)
    }

    @Test func applyLeavesSettingsUnchangedOnInvalidText() {
        var settings = ServerSettings()
        #expect(!ServerSetting.port.apply("x", to: &settings))
        #expect(settings == ServerSettings())
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("yes", true), ("no", false), ("on", true), ("off", false),
        ("1", true), ("0", false), ("TRUE", true), ("False", false),
    ])
    func accessLogAcceptsCommonSwitchWords(_ text: String, expected: Bool) {
        var settings = ServerSettings()
        settings.accessLog = !expected
        #expect(ServerSetting.accessLog.apply(text, to: &settings))
        #expect(settings.accessLog == expected)
    }

    @Test(arguments: [
        (ServerSetting.Value.string("x"), "x"), (.integer(-3), "-3"), (.number(10), "10"), (.number(2.5), "2.5"),
        (.boolean(true), "true"), (.boolean(false), "false"), (.automatic, "auto"),
    ])
    func valueDescriptionIsTheAcceptedSyntax(_ value: ServerSetting.Value, text: String) {
        #expect(value.description == text)
    }

    /// The root of the package, from this file's path.
    static let packageRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func shippedConfigHasEveryKeyWithItsDefault() throws {
        let path = Self.packageRoot.appending(path: "config/server.yaml").path
        let file = try #require(try ConfigFile.read(atPath: path, isRequired: true))
        let text = String(decoding: file.contents, as: UTF8.self)
        let keys = text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(":") }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(keys == ServerSetting.all.map(\.configKey))
        for setting in ServerSetting.all {
            let value = "\(setting.value(in: ServerSettings()))"
            // `*` alone is YAML syntax (an alias): the file quotes it.
            let written = value == "*" ? "\"*\"" : value
            #expect(text.contains("\n\(setting.configKey):\(written.isEmpty ? "" : " " + written)\n"))
        }
        let settings = try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        #expect(settings == ServerSettings())
    }
}

import BoomerangConfiguration
import BoomerangSettings
import Testing

/// `cors` and `admin_hosts`: the values each accepts, and how they arrive from each layer.
@Suite struct SecuritySettingTests {
    @Test(arguments: [
        ("*", ServerSettings.CORS.anyOrigin), (" * ", .anyOrigin), ("off", .off), ("OFF", .off),
        ("http://localhost:3000", .origins(["http://localhost:3000"])),
        ("HTTP://LocalHost:3000/, https://app.test", .origins(["http://localhost:3000", "https://app.test"])),
        ("http://a.test:80,https://b.test:443,https://c.test:8443", .origins(["http://a.test", "https://b.test", "https://c.test:8443"])),
        ("http://[::1]:3000", .origins(["http://[::1]:3000"])),
        ("http://a.test,http://a.test", .origins(["http://a.test"])),
    ])
    func corsAccepts(_ text: String, expected: ServerSettings.CORS) {
        var settings = ServerSettings()
        #expect(ServerSetting.cors.apply(text, to: &settings))
        #expect(settings.cors == expected)
    }

    @Test(arguments: ["", "localhost:3000", "http://", "http://a.test/path", "http://user@a.test", "*, http://a.test",
        "1http://a.test", "http://a test", "true", "null"])
    func corsRefuses(_ text: String) {
        var settings = ServerSettings()
        #expect(!ServerSetting.cors.apply(text, to: &settings))
        #expect(settings == ServerSettings())
    }

    @Test func corsReadsBackWhatItAccepts() {
        var settings = ServerSettings()
        #expect(ServerSetting.cors.value(in: settings) == .string("*"))
        settings.cors = .off
        #expect(ServerSetting.cors.value(in: settings) == .string("off"))
        settings.cors = .origins(["http://localhost:3000", "https://app.test"])
        #expect(ServerSetting.cors.value(in: settings) == .string("http://localhost:3000,https://app.test"))
    }

    @Test(arguments: [
        ("boomerang.example.test", ["boomerang.example.test"]), (" A.Example, .corp.example ", ["a.example", ".corp.example"]),
        ("*", ["*"]), ("", []), ("xn--bcher-kva.example", ["xn--bcher-kva.example"]),
    ])
    func adminHostsAccepts(_ text: String, expected: [String]) {
        var settings = ServerSettings()
        #expect(ServerSetting.adminHosts.apply(text, to: &settings))
        #expect(settings.adminHosts == expected)
    }

    @Test(arguments: ["boomerang:8080", "http://a.example", "a.example/x", "*.example", "user@a.example", "a b", ".", "[::1]"])
    func adminHostsRefuses(_ text: String) {
        var settings = ServerSettings()
        #expect(!ServerSetting.adminHosts.apply(text, to: &settings))
        #expect(settings == ServerSettings())
    }

    /// A quoted `*` in the file, an option, a variable: each arrives.
    @Test func bothSettingsLoadFromEveryLayer() throws {
        let file = ConfigFile(path: "server.yaml", contents: Array("cors: \"*\"\nadmin_hosts: \"*\"\n".utf8))
        let fromFile = try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        #expect(fromFile.cors == .anyOrigin)
        #expect(fromFile.adminHosts == ["*"])
        let fromEnvironment = try SettingsLoader.load(
            options: [:], environment: ["CORS": "http://localhost:3000", "ADMIN_HOSTS": ".ci.example"], configFile: file)
        #expect(fromEnvironment.cors == .origins(["http://localhost:3000"]))
        #expect(fromEnvironment.adminHosts == [".ci.example"])
        let fromOption = try SettingsLoader.load(options: ["cors": "off", "admin-hosts": "boomerang.test"], environment: [:], configFile: nil)
        #expect(fromOption.cors == .off)
        #expect(fromOption.adminHosts == ["boomerang.test"])
    }

    /// A bare star is YAML's alias syntax: the error says to quote it.
    @Test(arguments: ["cors: *\n", "admin_hosts: *\n"])
    func anUnquotedStarInTheFileSaysToQuoteIt(_ text: String) {
        let file = ConfigFile(path: "server.yaml", contents: Array(text.utf8))
        #expect {
            _ = try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        } throws: { error in
            "\(error)".contains("quote it (\"*\")")
        }
    }
}

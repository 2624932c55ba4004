import BoomerangConfiguration
import BoomerangSettings
import Testing

/// `tls_state_directory` and `tls_names`: the values each accepts, and how they arrive from each layer.
@Suite struct CertificateSettingTests {
    @Test(arguments: [
        ("", [String]()), ("example.test", ["example.test"]), (" Example.TEST , 10.0.0.0/8,fd00::1 ", ["example.test", "10.0.0.0/8", "fd00::1"]),
        (".dev.test,*.app.test", [".dev.test", "*.app.test"]),
    ])
    func tlsNamesAccepts(_ text: String, expected: [String]) {
        var settings = ServerSettings()
        #expect(ServerSetting.tlsNames.apply(text, to: &settings))
        #expect(settings.tlsNames == expected)
    }

    @Test(arguments: ["a b.test", "x@y.test", "a;b", "a\u{7}b"])
    func tlsNamesRefuses(_ text: String) {
        var settings = ServerSettings()
        #expect(!ServerSetting.tlsNames.apply(text, to: &settings))
    }

    @Test func bothSettingsLoadFromEveryLayer() throws {
        #expect(ServerSettings().tlsStateDirectory == nil)
        let file = ConfigFile(path: "server.yaml", contents: Array("tls_state_directory: /var/lib/boomerang/ca\ntls_names: example.test\n".utf8))
        let fromFile = try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        #expect(fromFile.tlsStateDirectory == "/var/lib/boomerang/ca")
        #expect(fromFile.tlsNames == ["example.test"])
        let fromEnvironment = try SettingsLoader.load(
            options: [:], environment: ["TLS_STATE_DIRECTORY": "/tmp/boomerang/ca", "TLS_NAMES": "192.168.1.20"], configFile: file)
        #expect(fromEnvironment.tlsStateDirectory == "/tmp/boomerang/ca")
        #expect(fromEnvironment.tlsNames == ["192.168.1.20"])
        let fromOption = try SettingsLoader.load(options: ["tls-state-directory": "ca", "tls-names": ""], environment: [:], configFile: file)
        #expect(fromOption.tlsStateDirectory == "ca")
        #expect(fromOption.tlsNames == [])
    }
}

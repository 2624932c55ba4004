import ArgumentParser
import BoomerangServer
import Foundation
import Testing

@testable import boomerang

@Suite struct ServeCommandTests {
    @Test func serveIsTheDefaultSubcommand() throws {
        #expect(try BoomerangCommand.parseAsRoot([]) is ServeCommand)
        let command = try #require(
            try BoomerangCommand.parseAsRoot(["--port", "9", "--no-access-log"]) as? ServeCommand
        )
        #expect(command.optionValues == ["port": "9", "access-log": "false"])
        let explicit = try #require(try BoomerangCommand.parseAsRoot(["serve", "--port", "9"]) as? ServeCommand)
        #expect(explicit.optionValues == ["port": "9"])
        #expect(try BoomerangCommand.parseAsRoot(["healthcheck"]) is HealthcheckCommand)
    }

    @Test func everySettingHasItsOption() throws {
        var arguments: [String] = []
        for setting in ServerSetting.all where setting.name != ServerSetting.accessLog.name {
            arguments += ["--\(setting.optionName)", "v-\(setting.name)"]
        }
        arguments.append("--access-log")
        let command = try ServeCommand.parse(arguments)
        var expected: [String: String] = [:]
        for setting in ServerSetting.all {
            expected[setting.optionName] = "v-\(setting.name)"
        }
        expected["access-log"] = "true"
        #expect(command.optionValues == expected)
    }

    @Test func noOptionsGiveNoValues() throws {
        #expect(try ServeCommand.parse([]).optionValues == [:])
    }

    @Test func explicitConfigMustExist() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "missing.yaml").path
        let command = try ServeCommand.parse(["--config", path])
        #expect(
            throws: SettingsError(code: .fileNotFound, message: "config file \(path) does not exist", path: path)
        ) {
            try command.loadSettings(environment: [:])
        }
    }

    @Test func explicitConfigIsReadAndLayered() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "server.yaml").path
        try Data("port: 1\nhost: ::1\nlog_level: debug\n".utf8).write(to: URL(filePath: path))
        let command = try ServeCommand.parse(["--config", path, "--port", "3"])
        let settings = try command.loadSettings(environment: ["HOST": "0.0.0.0"])
        var expected = ServerSettings()
        expected.port = 3
        expected.host = "0.0.0.0"
        expected.logLevel = "debug"
        #expect(settings == expected)
    }

    // MARK: The built binary

    @Test func binaryPrintsTheSettingsAndExitsZero() throws {
        let result = try Subprocess.runBoomerang(
            ["--port", "0", "--log-format", "json"],
            environment: ["THREADS": "4"]
        )
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                {"access_log":true,"body_rate_grace_period":10,"header_timeout":10,"host":"127.0.0.1",\
                "idle_timeout":15,"log_format":"json","log_level":"info","max_body_bytes":8589934592,\
                "max_buffered_body_bytes":10485760,"max_connections":1024,"max_header_bytes":32768,\
                "max_header_count":256,"max_request_line_bytes":8192,"max_response_delay_milliseconds":10000,\
                "min_body_bytes_per_second":1024,"port":0,"shutdown_timeout":5,"threads":4,"write_timeout":15}

                """
        )
    }

    @Test func binaryReadsTheDefaultConfigFromTheWorkingDirectory() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appending(path: "config"),
            withIntermediateDirectories: true
        )
        try Data("port: 4321\n".utf8).write(to: directory.appending(path: "config/server.yaml"))
        let result = try Subprocess.runBoomerang(["serve"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\"port\":4321,"))
    }

    @Test(
        arguments: [
            (
                ["serve", "--port", "70000"], [:],
                "Error: invalid value '70000' for --port: expected an integer from 0 to 65535\n"
            ),
            (
                [], ["LOG_LEVEL": "loud"],
                "Error: invalid value 'loud' for environment variable LOG_LEVEL: "
                    + "expected one of trace, debug, info, notice, warning, error, critical\n"
            ),
            (["--config", "nowhere.yaml"], [:], "Error: config file nowhere.yaml does not exist\n"),
        ] as [([String], [String: String], String)]
    )
    func binaryReportsSettingsErrorsWithStatusOne(_ arguments: [String], environment: [String: String], message: String)
        throws
    {
        let result = try Subprocess.runBoomerang(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message)
    }

    @Test func binaryReportsAnUnknownConfigKeyWithStatusOne() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appending(path: "config"),
            withIntermediateDirectories: true
        )
        try Data("host: ::1\nprot: 80\n".utf8).write(to: directory.appending(path: "config/server.yaml"))
        let result = try Subprocess.runBoomerang([], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: unknown key 'prot' in config/server.yaml (line 2)\n")
    }

    @Test func binaryReportsUsageErrorsWithStatus64() throws {
        let result = try Subprocess.runBoomerang(["--prot", "80"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Unknown option '--prot'"))
    }
}

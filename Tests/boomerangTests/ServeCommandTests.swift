import ArgumentParser
import BoomerangConfiguration
import BoomerangServer
import BoomerangSettings
import Foundation

#if canImport(Glibc)
import Glibc
#endif
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
        #expect(try BoomerangCommand.parseAsRoot(["healthcheck"]) is HealthcheckForwarder)
    }

    @Test func everySettingHasItsOption() throws {
        // The on/off settings are flags (`--x` / `--no-x`); the others take a value.
        let flags: Set<String> = [
            ServerSetting.accessLog.name, ServerSetting.history.name, ServerSetting.historyRedactHeaders.name,
            ServerSetting.compressResponses.name, ServerSetting.http2.name, ServerSetting.h2c.name,
        ]
        var arguments: [String] = []
        var expected: [String: String] = [:]
        for setting in ServerSetting.all {
            if flags.contains(setting.name) {
                arguments.append("--\(setting.optionName)")
                expected[setting.optionName] = "true"
            } else {
                arguments += ["--\(setting.optionName)", "v-\(setting.name)"]
                expected[setting.optionName] = "v-\(setting.name)"
            }
        }
        let command = try ServeCommand.parse(arguments)
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

    @Test func binaryServesPrintsItsURLAndExitsZeroOnSIGTERM() throws {
        let server = try Subprocess.startBoomerang(["--port", "0", "--log-format", "json"], environment: ["THREADS": "2"])
        let line = try server.waitForOutputLine(containing: "listening on")
        #expect(line.hasPrefix("Boomerang listening on http://127.0.0.1:"))
        #expect(line.hasSuffix("(event loops: 2)"))
        let port = try #require(Int(line.split(separator: ":")[2].prefix { $0.isNumber }))
        #expect(try Subprocess.get(port: port, path: "/get").hasPrefix("HTTP/1.1 200 OK"))
        let status = server.stop(signal: SIGTERM)
        #expect(status == 0)
        let log = server.standardError
        #expect(log.contains(#""message":"received signal 15, shutting down""#), "\(log)")
        #expect(server.standardOutput.contains(#""type":"access""#), "the access log line of the GET")
    }

    @Test func binaryReadsTheDefaultConfigFromTheWorkingDirectory() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appending(path: "config"),
            withIntermediateDirectories: true
        )
        try Data("port: 0\nthreads: 3\n".utf8).write(to: directory.appending(path: "config/server.yaml"))
        let server = try Subprocess.startBoomerang(["serve"], in: directory)
        let line = try server.waitForOutputLine(containing: "listening on")
        #expect(line.hasSuffix("(event loops: 3)"))
        #expect(server.stop(signal: SIGINT) == 0)
    }

    /// Relative folders are found from the working directory: a server started where they are
    /// not says so, naming the folder it looked in.
    @Test func binaryStartedAwayFromItsFoldersSaysWhichItDidNotFind() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Subprocess.startBoomerang(["--port", "0"], in: directory)
        _ = try server.waitForOutputLine(containing: "listening on")
        #expect(server.stop(signal: SIGTERM) == 0)
        let working = directory.path
        #expect(server.standardError.contains("no folder config/mappings (in \(working)) for mappings_directory: no mock mappings are served"))
        #expect(server.standardError.contains("no folder public (in \(working)) for public_directory: the web page is not served"))
    }

    /// Bound beyond loopback without a token, the admin API answers anyone: the server says so.
    @Test(arguments: [(["--host", "0.0.0.0"], true), (["--host", "0.0.0.0", "--admin-token", "t"], false), ([], false)])
    func binaryWarnsWhenOthersCanReachItsHistory(arguments: [String], warns: Bool) throws {
        let server = try Subprocess.startBoomerang(["--port", "0", "--no-access-log"] + arguments)
        _ = try server.waitForOutputLine(containing: "listening on")
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(server.standardError.contains("reachable from other machines") == warns, "\(server.standardError)")
    }

    /// `admin_hosts: *` without a token lets any web page read the history: the server says so.
    @Test(arguments: [(["--admin-hosts", "*"], true), (["--admin-hosts", "*", "--admin-token", "t"], false), (["--admin-hosts", "a.test"], false)])
    func binaryWarnsWhenAdminHostsAllowsEveryHost(arguments: [String], warns: Bool) throws {
        let server = try Subprocess.startBoomerang(["--port", "0", "--no-access-log"] + arguments)
        _ = try server.waitForOutputLine(containing: "listening on")
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(server.standardError.contains("admin_hosts is *") == warns, "\(server.standardError)")
        #expect(!server.standardError.contains("reachable from other machines"))
    }

    @Test func binaryReportsATakenPortWithStatusOne() throws {
        let first = try Subprocess.startBoomerang(["--port", "0"])
        let line = try first.waitForOutputLine(containing: "listening on")
        let port = try #require(Int(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let second = try Subprocess.runBoomerang(["--port", "\(port)"])
        #expect(second.status == 1)
        #expect(second.standardError == "Error: port \(port) on 127.0.0.1 is already in use; stop the other server or choose another port with --port (or PORT)\n")
        #expect(first.stop(signal: SIGTERM) == 0)
    }

    /// Robustness R06: a bad setting or a missing config file stops the start with a clear message
    /// and exit status 1.
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

    /// Robustness R06 (unknown keys, from the binary).
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

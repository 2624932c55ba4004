import ArgumentParser
import BoomerangConfiguration
import Testing

@testable import boomerang

/// ``ServeArguments`` reads the usual arguments of a server run without ArgumentParser: what it
/// reads must be what ArgumentParser reads, and what it declines must go to ArgumentParser.
@Suite struct ServeArgumentsTests {
    /// Argument lists after `serve`, read alike by both or declined by ``ServeArguments``.
    static let argumentLists: [[String]] = [
        [], ["--port", "8080"], ["--port=8080"], ["--host", "127.0.0.1", "--port", "39087"],
        ["--config", "config/server.yaml"], ["--config=x.yaml", "--threads", "auto"], ["--no-history"],
        ["--history", "--no-access-log", "--compress-responses", "--no-history-redact-headers"],
        ["--admin-token", "a=b", "--reported-hostname", "serve"], ["--allowed-redirect-domains", "a, b"],
        ["--port", "1", "--port", "2"], ["--history", "--no-history"], ["--port"], ["--port="], ["--port", ""],
        ["--port", "-1"], ["--port=-1"], ["--port", "--host", "x"], ["--history=true"], ["--no-port", "1"],
        ["--no-config", "x"], ["--help"], ["-h"], ["--version"], ["--prot", "1"], ["port", "1"], ["--", "--port", "1"],
        ["--Port", "1"], ["--", "x"], ["--no-"], ["--"], ["-p", "1"], ["--port", "1", "extra"],
        ["--generate-completion-script", "bash"], ["--experimental-dump-help"], ["--help-hidden"],
    ]

    @Test(arguments: argumentLists)
    func readsWhatArgumentParserReads(_ arguments: [String]) throws {
        guard let fast = ServeArguments(parsing: arguments) else { return }
        let command = try #require(try ServeCommand.parseAsRoot(arguments) as? ServeCommand)
        #expect(fast == command.arguments)
        let root = try #require(try BoomerangCommand.parseAsRoot(["serve"] + arguments) as? ServeCommand)
        #expect(fast == root.arguments)
        if let first = arguments.first, first.hasPrefix("--") {
            let defaulted = try #require(try BoomerangCommand.parseAsRoot(arguments) as? ServeCommand)
            #expect(fast == defaulted.arguments)
        }
    }

    @Test func readsEverySettingInBothForms() throws {
        for setting in ServerSetting.all {
            let isSwitch = setting.valueName == "bool"
            let lists: [[String]] =
                isSwitch
                ? [["--\(setting.optionName)"], ["--no-\(setting.optionName)"]]
                : [["--\(setting.optionName)", "v1"], ["--\(setting.optionName)=v2"]]
            for arguments in lists {
                let fast = try #require(ServeArguments(parsing: arguments), "\(arguments)")
                let command = try #require(try ServeCommand.parseAsRoot(arguments) as? ServeCommand)
                #expect(fast == command.arguments, "\(arguments)")
                #expect(fast.optionValues.count == 1)
            }
        }
    }

    @Test func readsTheUsualRuns() {
        #expect(ServeArguments(parsing: []) == ServeArguments(optionValues: [:], configPath: nil))
        #expect(
            ServeArguments(parsing: ["--host", "127.0.0.1", "--port=39087", "--no-history", "--config", "c.yaml"])
                == ServeArguments(
                    optionValues: ["host": "127.0.0.1", "port": "39087", "history": "false"], configPath: "c.yaml")
        )
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--prot", "1"], ["--port", "1", "--port", "2"], ["--history", "--no-history"],
        ["--port"], ["--port="], ["--port", "-1"], ["--history=true"], ["--", "--port", "1"], ["--port", "1", "extra"],
    ])
    func leavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(ServeArguments(parsing: arguments) == nil)
    }
}

import ArgumentParser
import BoomerangRuntime
import BoomerangServer
import Foundation

/// `boomerang`: the root command. With no subcommand it runs ``ServeCommand``.
@main
struct BoomerangCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boomerang",
        abstract: "A local HTTP echo and inspection server for testing HTTP clients.",
        discussion: """
            Every serve option is also read from an environment variable and from a key in \
            config/server.yaml; a flag wins over the environment, which wins over the file, \
            which wins over the default. Settings errors exit with status 1, usage errors with 64.
            """,
        version: BoomerangVersion.current,
        subcommands: [
            ServeCommand.self, SendForwarder.self, ScenariosCommand.self, ValidateCommand.self, SettingsCommand.self, CAForwarder.self,
            HealthcheckForwarder.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Hands `send` and `healthcheck` (help included) to `boomerang-client` before any parsing,
    /// and reads the arguments of a server run, `serve` or no subcommand, with ``ServeArguments``.
    ///
    /// Arguments that ``ServeArguments`` leaves alone go to ``ServeCommand`` as the root when they
    /// follow `serve` (the root's own parse of `serve` builds the serve options' table four times
    /// where one suffices), and to the root's parse when they do not parse as a server run (help,
    /// version, errors), so its messages are unchanged.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, ClientCommandForwarding.subcommands.contains(first) {
            ClientCommandForwarding.exec(arguments)
        }
        let isServe = arguments.first == ServeCommand.configuration.commandName
        if arguments.isEmpty || isServe || arguments.first?.hasPrefix("--") == true,
            let serve = ServeArguments(parsing: isServe ? arguments.dropFirst() : arguments[...])
        {
            run(serve)
        }
        if arguments.isEmpty || isServe,
            let serve = try? ServeCommand.parseAsRoot(Array(arguments.dropFirst())) as? ServeCommand
        {
            run(serve.arguments)
        }
        main(nil)
    }

    /// Runs the server with `arguments` and exits: 0 after a graceful shutdown, the status of
    /// the error otherwise.
    private static func run(_ arguments: ServeArguments) -> Never {
        do {
            try arguments.run()
        } catch {
            // One write: the parser's own exit writes the message a byte at a time to unbuffered
            // standard error, where it interleaves with other output.
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            exit(withError: ExitCode(exitCode(for: error).rawValue))
        }
        exit()
    }
}

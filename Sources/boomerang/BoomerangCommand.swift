import ArgumentParser
import BoomerangServer

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
        subcommands: [ServeCommand.self, SendForwarder.self, ScenariosCommand.self, ValidateCommand.self, HealthcheckForwarder.self],
        defaultSubcommand: ServeCommand.self
    )

    /// Hands `send` and `healthcheck` (help included) to `boomerang-client` before any parsing,
    /// and parses `serve` (also when there are no arguments) with ``ServeCommand`` as the root.
    ///
    /// The root's own parse of `serve` builds the serve options' table four times where one
    /// suffices (twice to look for pass-through arguments in the matched and in the default
    /// subcommand) and parses the arguments as two completion-script commands: a third of the
    /// instructions from exec to the first answer. Arguments that do not parse as a server run
    /// (help, version, errors) go to the root's parse, so its messages are unchanged.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, ClientCommandForwarding.subcommands.contains(first) {
            ClientCommandForwarding.exec(arguments)
        }
        if arguments.isEmpty || arguments.first == ServeCommand.configuration.commandName,
            let serve = try? ServeCommand.parseAsRoot(Array(arguments.dropFirst())) as? ServeCommand
        {
            do {
                try serve.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }
}

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

    /// Hands `send` and `healthcheck` (help included) to `boomerang-client` before any parsing.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, ClientCommandForwarding.subcommands.contains(first) {
            ClientCommandForwarding.exec(arguments)
        }
        main(nil)
    }
}

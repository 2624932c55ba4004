import ArgumentParser

/// The client half of the `boomerang` tool: `boomerang send` and `boomerang healthcheck` run here.
///
/// They use URLSession, and FoundationNetworking brings libcurl and some thirty libraries with it;
/// kept out of the server's binary, they cost `boomerang serve` nothing at start-up. `boomerang`
/// hands these subcommands over to this program, installed beside it.
@main
struct ClientCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boomerang",
        abstract: "A local HTTP echo and inspection server for testing HTTP clients (client commands).",
        subcommands: [SendCommand.self, HealthcheckCommand.self]
    )
}

import ArgumentParser
import Foundation

/// The client half of the `boomerang` tool: `boomerang send`, `boomerang healthcheck` and
/// `boomerang ca` run here.
///
/// They use URLSession, and FoundationNetworking brings libcurl and some thirty libraries with it;
/// kept out of the server's binary, they cost `boomerang serve` nothing at start-up. `ca` brings
/// X.509 and libcrypto, which the server does not need while it serves no HTTPS. `boomerang`
/// hands these subcommands over to this program, installed beside it.
@main
struct ClientCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boomerang",
        abstract: "A local HTTP echo and inspection server for testing HTTP clients (client commands).",
        subcommands: [SendCommand.self, HealthcheckCommand.self, CACommand.self]
    )

    /// Runs the command; a command line that `send` cannot parse exits with 1, as its transport
    /// and item errors do, rather than ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let isSend = CommandLine.arguments.dropFirst().first == "send"
            if isSend && exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }
}

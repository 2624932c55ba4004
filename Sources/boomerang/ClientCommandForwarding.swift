import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `boomerang send`, `boomerang healthcheck` and `boomerang ca` live in the `boomerang-client`
/// program beside this one (see its `ClientCommand`); this binary replaces itself with it,
/// arguments unchanged.
enum ClientCommandForwarding {
    /// The subcommands the client program runs.
    static let subcommands: Set<String> = ["send", "healthcheck", "ca"]

    /// Replaces this process with `boomerang-client <arguments>`; returns only if that fails.
    static func exec(_ arguments: [String]) -> Never {
        let program = siblingPath("boomerang-client")
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        let message = "Error: cannot run \(program): \(reason); build it with `swift build --product boomerang-client`\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
    }

    /// A program in the same folder as this executable.
    static func siblingPath(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}

/// `boomerang send`, as listed in this program's help; the work happens in `boomerang-client`.
struct SendForwarder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a request built by the core's serializers and validate the reply."
    )

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        ClientCommandForwarding.exec(["send"] + arguments)
    }
}

/// `boomerang healthcheck`, as listed in this program's help; the work happens in `boomerang-client`.
struct HealthcheckForwarder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Check that a server answers: exit 0 on a 2xx answer in time, 1 otherwise."
    )

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        ClientCommandForwarding.exec(["healthcheck"] + arguments)
    }
}

/// `boomerang ca`, as listed in this program's help; the work happens in `boomerang-client`, so
/// that the server's binary links neither X.509 nor libcrypto until it serves HTTPS.
struct CAForwarder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show, export, rotate or delete the local certificate authority."
    )

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        ClientCommandForwarding.exec(["ca"] + arguments)
    }
}

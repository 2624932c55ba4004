import Foundation
import Testing

@testable import BoomerangConfiguration

/// ``SettingsLoader/compose(_:)`` composes without the default resolver when that cannot change
/// the outcome: every text must give the loader the same entries, or the same error, as a compose
/// with the default resolver.
@Suite struct SettingsLoaderComposeTests {
    static let texts: [String] = [
        "", "\n", "# only a comment\n", "---\n", "~\n", "null\n", "port:\n", "port: ~\n", "port: null\n",
        "port: ''\n", "port: 'null'\n", "port: \"~\"\n", "port: 8080\nhost: ::1\n", "port: 0x1F\n", "port: 1_000\n",
        "threads: auto\nhistory: yes\naccess_log: off\n", "header_timeout: .inf\n", "header_timeout: 2001-12-14\n",
        "port: 1\nport: 2\n", "port: 1\n'port': 2\n", "port: 1\n\"port\": 2\n", "port: 1\n!!str port: 2\n",
        "1: a\n'1': b\n", "1: a\n!!int 1: b\n", "'1': a\n!!int 1: b\n", "yes: a\n'yes': b\n", "yes: a\n!!bool yes: b\n",
        "on: a\nOn: b\n", "~: a\n'~': b\n", "~: a\nnull: b\n", ": a\n'': b\n", "<<: {port: 1}\n",
        "base: &b {port: 1}\n<<: *b\n", "x: &v 1\nport: *v\n", "&k port: 1\n*k : 2\n", "? [a]\n: b\n",
        "? {a: 1}\n: b\n", "? [a]\n: b\n? ['a']\n: c\n", "port: {a: 1, a: 2}\n", "port: {1: a, '1': b}\n",
        "port: [{a: 1, a: 2}]\n", "port: [{1: a, !!int 1: b}]\n", "Port: 1\n", "PORT: 1\n", "max-body-bytes: 1\n",
        "pört: 1\n", "port: [1\n", "port: \"open\n", "\tport: 1\n", "port: 1\n---\nport: 2\n", "port: 1\nhost: a: b\n",
        "- port\n- 8080\n", "8080\n", "just text\n", "=: a\n'=': b\n", "!!int port: 1\n", "! port: 1\nport: 2\n",
        "port: !!int 8080\n", "port: !custom 8080\n", "%YAML 1.1\n---\nport: 1\n", "{port: 1, host: ::1}\n",
        "port: |\n  8080\n", "port: >\n  80\n  80\n",
    ]

    @Test(arguments: texts)
    func sameOutcomeAsTheDefaultResolver(_ text: String) {
        let file = ConfigFile(path: "config/server.yaml", contents: Array(text.utf8))
        #expect(outcome(file, resolving: false) == outcome(file, resolving: true))
    }

    @Test func theShippedConfigFileNeedsNoResolver() throws {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../config/server.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(SettingsLoader.composeWithoutResolver(text) != nil)
        let file = ConfigFile(path: "config/server.yaml", contents: Array(text.utf8))
        #expect(outcome(file, resolving: false) == outcome(file, resolving: true))
    }

    @Test(arguments: ["1: a\n'1': b\n", "yes: a\n", "? [a]\n: b\n", "port: {~: 1}\n", "port: [1\n"])
    func keysTheDefaultResolverMayTypeOtherwiseTakeTheSlowPath(_ text: String) {
        #expect(SettingsLoader.composeWithoutResolver(text) == nil)
    }

    private enum Outcome: Equatable {
        case entries([SettingsLoader.Entry])
        case error(SettingsError)
    }

    private func outcome(_ file: ConfigFile, resolving: Bool) -> Outcome {
        do {
            return .entries(try SettingsLoader.entries(of: file, resolving: resolving))
        } catch {
            return .error(error)
        }
    }
}

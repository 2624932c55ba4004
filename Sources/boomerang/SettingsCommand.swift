import ArgumentParser
import BoomerangConfiguration
import Foundation

/// `boomerang settings`: prints the settings reference that `docs/configuration.md` holds, or
/// rewrites that part of the file (`make docs`).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print every setting with its default, option and variable.",
        discussion: """
            Prints the settings reference in Markdown, made from the settings catalogue. With \
            --update, replaces the reference between its marker lines in that file instead.
            """
    )

    @Option(help: ArgumentHelp("A Markdown file whose settings reference to rewrite.", valueName: "path"))
    var update: String?

    func run() throws {
        guard let update else {
            print(SettingsReference.markdown(), terminator: "")
            return
        }
        let url = URL(filePath: update)
        let document: String
        do {
            document = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw UpdateError(description: "cannot read \(update): \(error.localizedDescription)")
        }
        guard let updated = SettingsReference.updating(document) else {
            throw UpdateError(
                description: "\(update) has no settings reference: no \(SettingsReference.beginMarker) line followed by \(SettingsReference.endMarker)")
        }
        if updated != document {
            try Data(updated.utf8).write(to: url, options: .atomic)
        }
    }
}

extension SettingsCommand {
    /// Why `--update` left the file alone (exit status 1, without the usage text).
    struct UpdateError: Error, CustomStringConvertible {
        let description: String
    }
}

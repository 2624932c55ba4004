import ArgumentParser
import BoomerangConfiguration
import BoomerangMocks
import BoomerangServer
import BoomerangSettings
import Foundation

/// `boomerang validate`: checks the settings file and every mock mapping file, printing each
/// error as `file:line: message`; exits 1 when there is one.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check config/server.yaml and the mock mapping files.",
        discussion: """
            Prints every error as file:line: message and exits with status 1 if there is one, 0 \
            otherwise. With a folder, checks the mapping files in it (or in its mappings/ folder \
            when it has one, with bodyFileName read from files/ beside it) instead.
            """
    )

    @Option(help: ArgumentHelp("The settings file whose mappings_directory is checked.", valueName: "path"))
    var config: String?

    @Argument(help: ArgumentHelp("A config folder or a mappings folder to check instead.", valueName: "directory"))
    var directory: String?

    func run() throws {
        var errors: [String] = []
        var mappingsDirectory = ServerSettings().mappingsDirectory
        if let directory {
            guard config == nil else { throw ValidationError("give either --config or a directory, not both") }
            let nested = (directory as NSString).appendingPathComponent("mappings")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: nested, isDirectory: &isFolder), isFolder.boolValue {
                mappingsDirectory = nested
            } else {
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                    throw ValidationError("\(directory) is not a folder")
                }
                mappingsDirectory = directory
            }
        } else {
            do {
                let file = try ConfigFile.read(atPath: config ?? SettingsLoader.defaultConfigPath, isRequired: config != nil)
                mappingsDirectory = try SettingsLoader.load(options: [:], environment: [:], configFile: file).mappingsDirectory
            } catch {
                errors.append("\(error)")
            }
        }
        var summary = "no mappings folder"
        if let mappingsDirectory {
            let report = MappingValidator.validate(directory: mappingsDirectory)
            errors += report.errors.map(\.description)
            summary = "\(Self.count(report.mappingCount, "mapping")) in \(Self.count(report.files.count, "file")) of \(mappingsDirectory)"
            if !FileManager.default.fileExists(atPath: mappingsDirectory) { summary += " (the folder does not exist)" }
        }
        for error in errors { print(error) }
        print(errors.isEmpty ? "ok: \(summary)" : "\(Self.count(errors.count, "error")); \(summary)")
        if !errors.isEmpty { throw ExitCode(1) }
    }
}

extension ValidateCommand {
    /// `1 file`, `3 files`.
    fileprivate static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

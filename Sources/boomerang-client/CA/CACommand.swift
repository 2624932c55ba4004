import ArgumentParser
import BoomerangCertificates
import BoomerangConfiguration
import Foundation
import X509

/// `boomerang ca`: the local certificate authority HTTPS is served with.
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show, export, rotate or delete the local certificate authority.",
        discussion: """
            The CA is made on first use in the folder tls_state_directory names (default \
            $XDG_DATA_HOME/boomerang/ca or ~/.local/share/boomerang/ca). Its root and intermediate \
            carry name constraints: a device that trusts the root trusts it for localhost, its \
            subdomains, 127.0.0.0/8, ::1 and the tls_names setting's names, and for no other site.
            """,
        subcommands: [
            CAShowCommand.self, CAPathCommand.self, CAExportCommand.self, CAClientCertificateCommand.self, CAInstallHelpCommand.self,
            CARotateCommand.self, CADeleteCommand.self,
        ]
    )
}

/// The options every `boomerang ca` subcommand takes: where the CA is and the names it permits.
struct CAOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The CA's folder (default: the tls_state_directory setting).", valueName: "path"))
    var folder: String?

    @Option(help: ArgumentHelp("The config file (default: \(SettingsLoader.defaultConfigPath), used if it exists).", valueName: "path"))
    var config: String?

    /// The folder and the extra names from `--folder`, the environment, the config file and the defaults.
    func resolve() throws -> (folder: String, names: [String]) {
        let file = try ConfigFile.read(atPath: config ?? SettingsLoader.defaultConfigPath, isRequired: config != nil)
        let settings = try SettingsLoader.load(
            options: folder.map { [ServerSetting.tlsStateDirectory.optionName: $0] } ?? [:],
            environment: SettingsEnvironment.variables(), configFile: file)
        let folder = settings.tlsStateDirectory ?? CertificateAuthority.defaultFolder(environment: ProcessInfo.processInfo.environment)
        return (folder, settings.tlsNames)
    }

    /// The CA, made first if the folder has none.
    func authority() throws -> CertificateAuthority {
        let (folder, names) = try resolve()
        return try CertificateAuthority.loadOrCreate(in: folder, permitting: names)
    }
}

/// `boomerang ca show`.
struct CAShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the CA's folder, permitted names and each certificate's fingerprints.")

    @OptionGroup var options: CAOptions

    func run() throws {
        let authority = try options.authority()
        print("Folder: \(authority.folder)")
        print("Permitted names: \(authority.permittedNames)")
        for (title, certificate) in [("Root", authority.root), ("Intermediate", authority.intermediate), ("Client CA", authority.clientAuthority)] {
            print("")
            print("\(title): \(certificate.subject)")
            print("  Valid: \(certificate.notValidBefore.formatted(.iso8601)) to \(certificate.notValidAfter.formatted(.iso8601))")
            print("  SHA-256 fingerprint: \(certificate.sha256Fingerprint)")
            print("  SPKI SHA-256 pin: \(certificate.publicKeyPin)")
        }
    }
}

/// `boomerang ca path`: the root's PEM file, for `curl --cacert "$(boomerang ca path)"`.
struct CAPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path", abstract: "Print the path of the root certificate's PEM file (made first if there is no CA).")

    @OptionGroup var options: CAOptions

    func run() throws {
        let authority = try options.authority()
        print(authority.folder.hasSuffix("/") ? authority.folder + "root.pem" : authority.folder + "/root.pem")
    }
}

/// `boomerang ca export`.
struct CAExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the root certificate as PEM, DER or an Apple configuration profile.")

    @OptionGroup var options: CAOptions

    @Option(help: "The form: pem, der or mobileconfig (iOS devices and simulators, macOS).")
    var format: CertificateAuthority.ExportFormat = .pem

    @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?

    func run() throws {
        let bytes = try options.authority().exportRoot(as: format)
        if let output {
            try CertificateAuthority.writeFile(atPath: output, bytes: bytes)
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}

extension CertificateAuthority.ExportFormat: ExpressibleByArgument {}

/// `boomerang ca client-certificate`.
struct CAClientCertificateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client-certificate",
        abstract: "Make a client certificate from the client CA for mutual-TLS tests (PEM and PKCS#12).")

    @OptionGroup var options: CAOptions

    @Argument(help: "The certificate's common name, also the files' name.")
    var name: String

    @Option(help: ArgumentHelp("The folder to write NAME.pem, NAME-key.pem and NAME.p12 to.", valueName: "path"))
    var outputFolder: String = "."

    @Option(help: "The PKCS#12 file's password.")
    var password: String = "boomerang"

    func run() throws {
        guard !name.contains("/"), name != ".", name != ".." else {
            throw ValidationError("the name is also the files' name and cannot contain '/'")
        }
        let files = try options.authority().issueClientCertificate(commonName: name).write(toFolder: outputFolder, name: name, password: password)
        print("Certificate: \(files.certificate)")
        print("Key: \(files.privateKey)")
        print("PKCS#12: \(files.pkcs12) (password: \(password))")
    }
}

/// `boomerang ca rotate`.
struct CARotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate", abstract: "Replace the CA with a new one; every device must trust the new root.")

    @OptionGroup var options: CAOptions

    func run() throws {
        let (folder, names) = try options.resolve()
        let authority = try CertificateAuthority.rotate(in: folder, permitting: names)
        print("New root in \(authority.folder), SHA-256 \(authority.root.sha256Fingerprint)")
    }
}

/// `boomerang ca delete`.
struct CADeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete the CA's certificates and keys (remove its root from your trust stores too).")

    @OptionGroup var options: CAOptions

    func run() throws {
        let folder = try options.resolve().folder
        try CertificateAuthority.delete(in: folder)
        print("Deleted the CA in \(folder)")
    }
}

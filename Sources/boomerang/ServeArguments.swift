import BoomerangConfiguration
import BoomerangServer
import BoomerangSettings

/// What `boomerang serve` was given: the settings' options and the config file's path.
///
/// ``init(parsing:)`` reads the plain forms a server is started with (`--port 8080`,
/// `--port=8080`, `--no-history`) without ArgumentParser, whose parse of ``ServeCommand``
/// reflects over its forty option wrappers and builds their help: half of the instructions from
/// exec to the first answer. Anything else is left to ArgumentParser, so its help, errors and
/// messages stay its own.
struct ServeArguments: Equatable {
    /// The options given, keyed by ``ServerSetting/optionName``; switches as `true` or `false`.
    var optionValues: [String: String]
    /// The config file the user named with `--config`, if any.
    var configPath: String?

    /// Loads the settings from these options, the process environment (``SettingsEnvironment``)
    /// and the config file, and serves until SIGINT or SIGTERM.
    func run() throws {
        try runServer(loadSettings(environment: SettingsEnvironment.variables()))
    }

    /// The settings from these options, `environment` and the config file.
    func loadSettings(environment: [String: String]) throws(SettingsError) -> ServerSettings {
        let file = try ConfigFile.read(
            atPath: configPath ?? SettingsLoader.defaultConfigPath, isRequired: configPath != nil)
        return try SettingsLoader.load(options: optionValues, environment: environment, configFile: file)
    }

    /// The option name of ``ServeCommand``'s `config` option.
    static let configOption = "config"

    /// Reads `arguments` (those after `serve`) as ``ServeCommand`` would, or returns nil when they
    /// are not made only of the settings' long options and `--config`, each given once, with
    /// values that neither are empty nor start with `-`: help, version, positional arguments,
    /// unknown or repeated options and unusual values are ArgumentParser's to read.
    init?(parsing arguments: some Collection<String>) {
        var values: [String: String] = [:]
        var configPath: String?
        var given: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            var name = Substring(argument.utf8.dropFirst(2))
            var attached: Substring?
            if let equals = name.firstIndex(of: "=") {
                attached = name[name.index(after: equals)...]
                name = name[..<equals]
            }
            let option: ServeOption
            if let known = ServeOption.byName[String(name)] {
                option = known
            } else if name.hasPrefix("no-"), let known = ServeOption.byName[String(name.dropFirst(3))], known.isSwitch {
                option = known
            } else {
                return nil
            }
            guard given.insert(option.name).inserted else { return nil }
            let value: String
            if option.isSwitch {
                guard attached == nil else { return nil }
                value = name == option.name ? "true" : "false"
            } else if let attached {
                value = String(attached)
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                return nil
            }
            if !option.isSwitch {
                guard let first = value.utf8.first, first != UInt8(ascii: "-") else { return nil }
            }
            if option.name == Self.configOption {
                configPath = value
            } else {
                values[option.name] = value
            }
        }
        self.optionValues = values
        self.configPath = configPath
    }

    init(optionValues: [String: String], configPath: String?) {
        self.optionValues = optionValues
        self.configPath = configPath
    }
}

/// A long option of ``ServeCommand``: a setting's option or `--config`.
private struct ServeOption {
    /// The name without its dashes, such as `max-body-bytes`.
    var name: String
    /// Whether it is an on/off flag with a `--no-` form instead of taking a value.
    var isSwitch: Bool

    /// Every option by name (String keys: a dictionary of another key type costs the runtime a
    /// scan of every protocol conformance in the program to check that it is Hashable).
    static let byName: [String: ServeOption] = {
        var options: [String: ServeOption] = [:]
        for setting in ServerSetting.all {
            options[setting.optionName] = ServeOption(name: setting.optionName, isSwitch: setting.isSwitch)
        }
        options[ServeArguments.configOption] = ServeOption(name: ServeArguments.configOption, isSwitch: false)
        return options
    }()
}

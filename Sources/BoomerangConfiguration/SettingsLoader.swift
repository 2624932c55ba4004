public import BoomerangSettings
import Yams

/// Layers command-line options, environment variables, the config file and the defaults into
/// one finished ``ServerSettings``; precedence is option > environment > file > default.
///
/// Everything arrives as explicit values, so the server and the tests never read the real
/// environment. Every layer is checked in full, even where a higher one overrides it: a bad value
/// anywhere is an error, checked file first, then environment, then options.
public enum SettingsLoader {
    /// The config file used when none is given: `config/server.yaml`, relative to the working directory.
    public static let defaultConfigPath = "config/server.yaml"

    /// The largest accepted config file: 1 MiB.
    public static let maxConfigFileBytes = 1 << 20

    /// Loads the settings.
    ///
    /// - Parameters:
    ///   - options: Values from the command line, keyed by ``ServerSetting/optionName``
    ///     (`max-body-bytes`); switches as `true` or `false`. A key that names no setting is a
    ///     programming error.
    ///   - environment: The process environment. Only the variables named by
    ///     ``ServerSetting/environmentVariable`` are read; an empty one counts as unset.
    ///   - configFile: The config file, if there is one. Its top level is a mapping of
    ///     ``ServerSetting/configKey`` to a scalar; a key with no value (`port:` or `port: ~`)
    ///     counts as unset; any other key is an error.
    public static func load(
        options: [String: String],
        environment: [String: String],
        configFile: ConfigFile?
    ) throws(SettingsError) -> ServerSettings {
        var settings = ServerSettings()
        if let configFile {
            for entry in try entries(of: configFile) {
                guard let setting = ServerSetting.named(entry.key), setting.configKey == entry.key else {
                    throw .unknownKey(entry.key, path: configFile.path, line: entry.line)
                }
                guard let text = entry.value else { continue }
                guard setting.apply(text, to: &settings) else {
                    throw .invalidValue(text, for: setting, from: .file(path: configFile.path, line: entry.line))
                }
            }
        }
        for setting in ServerSetting.all {
            guard let text = environment[setting.environmentVariable], !text.isEmpty else { continue }
            guard setting.apply(text, to: &settings) else {
                throw .invalidValue(text, for: setting, from: .environment)
            }
        }
        for (name, text) in options.sorted(by: { $0.key < $1.key }) {
            guard let setting = ServerSetting.named(name), setting.optionName == name else {
                preconditionFailure("no setting has the option name '\(name)'")
            }
            guard setting.apply(text, to: &settings) else {
                throw .invalidValue(text, for: setting, from: .option)
            }
        }
        return settings
    }

    /// One `key: value` line of the config file; `value` is `nil` for a YAML null.
    struct Entry: Equatable {
        var key: String
        var value: String?
        var line: Int?
    }

    /// The top-level entries of the config file, in file order, each checked to be a scalar;
    /// `resolving` composes it with Yams' default resolver in any case (see ``compose(_:resolving:)``).
    static func entries(of file: ConfigFile, resolving: Bool = false) throws(SettingsError) -> [Entry] {
        guard file.contents.count <= maxConfigFileBytes else { throw .fileTooLarge(path: file.path) }
        guard let text = String(validating: file.contents, as: UTF8.self) else {
            throw .invalidUTF8(path: file.path)
        }
        let root: Node?
        do {
            root = try compose(text, resolving: resolving)
        } catch let error as YamlError {
            throw yamlError(error, path: file.path)
        } catch {
            throw .invalidYAML(path: file.path, problem: "\(error)", line: nil, column: nil)
        }
        guard let root, root.null == nil else { return [] }
        guard case .mapping(let mapping) = root else { throw .notAMapping(path: file.path) }
        var entries: [Entry] = []
        for (keyNode, valueNode) in mapping {
            let line = keyNode.mark?.line
            guard case .scalar(let key) = keyNode else {
                throw .unknownKey(keyNode.string ?? "(a list or mapping)", path: file.path, line: line)
            }
            switch valueNode {
            case .scalar(let scalar):
                let isNull = valueNode.null != nil
                entries.append(Entry(key: key.string, value: isNull ? nil : scalar.string, line: line))
            case .mapping:
                throw .notAScalar(key.string, kind: "mapping", path: file.path, line: line)
            case .sequence:
                throw .notAScalar(key.string, kind: "list", path: file.path, line: line)
            case .alias:
                throw .notAScalar(key.string, kind: "alias", path: file.path, line: line)
            }
        }
        return entries
    }

    private static func yamlError(_ error: YamlError, path: String) -> SettingsError {
        switch error {
        case .scanner(let context, let problem, let mark, _) where context?.text.contains("alias") == true:
            // `cors: *` and `admin_hosts: *`: a bare star starts an alias.
            return .invalidYAML(
                path: path, problem: problem + "; a value starting with * is a YAML alias, quote it (\"*\")", line: mark.line,
                column: mark.column)
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return .invalidYAML(path: path, problem: problem, line: mark.line, column: mark.column)
        case .reader(let problem, _, _, _):
            return .invalidYAML(path: path, problem: problem, line: nil, column: nil)
        case .duplicatedKeysInMapping(let duplicates, _):
            return .duplicateKey(duplicates.sorted().first ?? "", path: path)
        default:
            return .invalidYAML(path: path, problem: "\(error)", line: nil, column: nil)
        }
    }
}

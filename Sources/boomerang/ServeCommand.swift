import ArgumentParser
import BoomerangConfiguration
import BoomerangServer
import BoomerangSettings
import Foundation

/// `boomerang serve`: loads the settings and runs the server until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        // As the root of `BoomerangCommand.main()`'s parse of `serve`: no completion-script
        // options are looked for (the full parse still answers them).
        _superCommandName: "boomerang",
        abstract: "Run the echo server.",
        discussion: """
            Each option can also be set by the environment variable named after it in upper snake \
            case (--max-body-bytes is MAX_BODY_BYTES) and by the key in snake case in the config \
            file (max_body_bytes). Precedence: option > environment > config file > default.
            """
    )

    @Option(help: .setting(.host)) var host: String?
    @Option(help: .setting(.port)) var port: String?
    @Option(help: .setting(.httpsPort)) var httpsPort: String?
    @Option(help: .setting(.tlsScenarioPorts)) var tlsScenarioPorts: String?
    @Flag(inversion: .prefixedNo, help: .setting(.http2)) var http2: Bool?
    @Flag(inversion: .prefixedNo, help: .setting(.h2c)) var h2c: Bool?
    @Option(help: .setting(.threads)) var threads: String?
    @Option(help: .setting(.maxRequestLineBytes)) var maxRequestLineBytes: String?
    @Option(help: .setting(.maxHeaderBytes)) var maxHeaderBytes: String?
    @Option(help: .setting(.maxHeaderCount)) var maxHeaderCount: String?
    @Option(help: .setting(.maxBodyBytes)) var maxBodyBytes: String?
    @Option(help: .setting(.maxBufferedBodyBytes)) var maxBufferedBodyBytes: String?
    @Option(help: .setting(.maxInlinePartBytes)) var maxInlinePartBytes: String?
    @Option(help: .setting(.temporaryDirectory)) var temporaryDirectory: String?
    @Option(help: .setting(.multipartMode)) var multipartMode: String?
    @Option(help: .setting(.headerTimeout)) var headerTimeout: String?
    @Option(help: .setting(.idleTimeout)) var idleTimeout: String?
    @Option(help: .setting(.minBodyBytesPerSecond)) var minBodyBytesPerSecond: String?
    @Option(help: .setting(.bodyRateGracePeriod)) var bodyRateGracePeriod: String?
    @Option(help: .setting(.writeTimeout)) var writeTimeout: String?
    @Option(help: .setting(.maxConnections)) var maxConnections: String?
    @Option(help: .setting(.maxResponseDelayMilliseconds)) var maxResponseDelayMilliseconds: String?
    @Option(help: .setting(.shutdownTimeout)) var shutdownTimeout: String?
    @Option(help: .setting(.allowedRedirectDomains)) var allowedRedirectDomains: String?
    @Option(help: .setting(.reportedHostname)) var reportedHostname: String?
    @Option(help: .setting(.profile)) var profile: String?
    @Flag(inversion: .prefixedNo, help: .setting(.compressResponses)) var compressResponses: Bool?
    @Option(help: .setting(.cors)) var cors: String?
    @Option(help: .setting(.logFormat)) var logFormat: String?
    @Option(help: .setting(.logLevel)) var logLevel: String?
    @Flag(inversion: .prefixedNo, help: .setting(.accessLog)) var accessLog: Bool?
    @Option(help: .setting(.publicDirectory)) var publicDirectory: String?
    @Option(help: .setting(.mappingsDirectory)) var mappingsDirectory: String?
    @Flag(inversion: .prefixedNo, help: .setting(.history)) var history: Bool?
    @Option(help: .setting(.maxHistoryEntryCount)) var maxHistoryEntryCount: String?
    @Option(help: .setting(.maxHistoryBytes)) var maxHistoryBytes: String?
    @Option(help: .setting(.maxHistoryBodyBytes)) var maxHistoryBodyBytes: String?
    @Option(help: .setting(.historyFile)) var historyFile: String?
    @Flag(inversion: .prefixedNo, help: .setting(.historyRedactHeaders)) var historyRedactHeaders: Bool?
    @Option(help: .setting(.adminToken)) var adminToken: String?
    @Option(help: .setting(.adminHosts)) var adminHosts: String?
    @Option(help: .setting(.tlsStateDirectory)) var tlsStateDirectory: String?
    @Option(help: .setting(.tlsNames)) var tlsNames: String?
    @Option(help: .setting(.tlsHandshakeTimeout)) var tlsHandshakeTimeout: String?
    @Option(help: .setting(.tlsHandshakeLimit)) var tlsHandshakeLimit: String?

    @Option(
        help: ArgumentHelp(
            "The config file; a path given here must exist."
                + " (default: \(SettingsLoader.defaultConfigPath), used if it exists)",
            valueName: "path"
        )
    )
    var config: String?

    func run() throws {
        try arguments.run()
    }

    /// The settings from the options given, `environment` and the config file.
    func loadSettings(environment: [String: String]) throws(SettingsError) -> ServerSettings {
        try arguments.loadSettings(environment: environment)
    }

    /// The options given and the config file's path.
    var arguments: ServeArguments {
        ServeArguments(optionValues: optionValues, configPath: config)
    }

    /// The options given on the command line, keyed by ``ServerSetting/optionName``.
    var optionValues: [String: String] {
        let given: [(ServerSetting, String?)] = [
            (.host, host), (.port, port), (.httpsPort, httpsPort), (.tlsScenarioPorts, tlsScenarioPorts),
            (.http2, http2.map { $0 ? "true" : "false" }), (.h2c, h2c.map { $0 ? "true" : "false" }), (.threads, threads),
            (.maxRequestLineBytes, maxRequestLineBytes), (.maxHeaderBytes, maxHeaderBytes),
            (.maxHeaderCount, maxHeaderCount), (.maxBodyBytes, maxBodyBytes),
            (.maxBufferedBodyBytes, maxBufferedBodyBytes), (.maxInlinePartBytes, maxInlinePartBytes),
            (.temporaryDirectory, temporaryDirectory), (.multipartMode, multipartMode),
            (.headerTimeout, headerTimeout),
            (.idleTimeout, idleTimeout), (.minBodyBytesPerSecond, minBodyBytesPerSecond),
            (.bodyRateGracePeriod, bodyRateGracePeriod), (.writeTimeout, writeTimeout),
            (.maxConnections, maxConnections), (.maxResponseDelayMilliseconds, maxResponseDelayMilliseconds),
            (.shutdownTimeout, shutdownTimeout), (.allowedRedirectDomains, allowedRedirectDomains),
            (.reportedHostname, reportedHostname), (.profile, profile),
            (.compressResponses, compressResponses.map { $0 ? "true" : "false" }), (.cors, cors),
            (.logFormat, logFormat), (.logLevel, logLevel),
            (.accessLog, accessLog.map { $0 ? "true" : "false" }), (.publicDirectory, publicDirectory),
            (.mappingsDirectory, mappingsDirectory),
            (.history, history.map { $0 ? "true" : "false" }),
            (.maxHistoryEntryCount, maxHistoryEntryCount), (.maxHistoryBytes, maxHistoryBytes),
            (.maxHistoryBodyBytes, maxHistoryBodyBytes), (.historyFile, historyFile),
            (.historyRedactHeaders, historyRedactHeaders.map { $0 ? "true" : "false" }),
            (.adminToken, adminToken), (.adminHosts, adminHosts),
            (.tlsStateDirectory, tlsStateDirectory), (.tlsNames, tlsNames),
            (.tlsHandshakeTimeout, tlsHandshakeTimeout), (.tlsHandshakeLimit, tlsHandshakeLimit),
        ]
        var values: [String: String] = [:]
        for case (let setting, let text?) in given {
            values[setting.optionName] = text
        }
        return values
    }
}

extension ArgumentHelp {
    /// The help of a setting's option: its summary, default and environment variable.
    static func setting(_ setting: ServerSetting) -> ArgumentHelp {
        ArgumentHelp(settingAbstracts[setting.name] ?? setting.summary, valueName: setting.valueName)
    }

    /// The abstracts of ``setting(_:)`` by setting name, made once: the parser makes a
    /// `ServeCommand` several times per run, and each makes every option's help.
    private static let settingAbstracts: [String: String] = {
        let defaults = ServerSettings()
        var abstracts: [String: String] = [:]
        for setting in ServerSetting.all {
            let value = "\(setting.value(in: defaults))"
            abstracts[setting.name] =
                "\(setting.summary) (default: \(value.isEmpty ? "none" : value); env: \(setting.environmentVariable))"
        }
        return abstracts
    }()
}

import Foundation
import BoomerangSettings
import Logging

extension ServerSetting {
    /// Every setting, in the order help text and `config/server.yaml` list them.
    public static let all: [ServerSetting] = [
        .host, .port, .threads,
        .maxRequestLineBytes, .maxHeaderBytes, .maxHeaderCount, .maxBodyBytes, .maxBufferedBodyBytes,
        .maxInlinePartBytes, .multipartMode,
        .headerTimeout, .idleTimeout, .minBodyBytesPerSecond, .bodyRateGracePeriod, .writeTimeout,
        .maxConnections, .maxResponseDelayMilliseconds, .shutdownTimeout,
        .allowedRedirectDomains, .reportedHostname, .profile, .compressResponses, .cors,
        .logFormat, .logLevel, .accessLog, .publicDirectory, .mappingsDirectory,
        .history, .maxHistoryEntryCount, .maxHistoryBytes, .maxHistoryBodyBytes, .historyFile, .historyRedactHeaders,
        .adminToken, .adminHosts,
    ]

    /// The setting whose ``name``, ``configKey``, ``environmentVariable`` or ``optionName`` is `name`.
    public static func named(_ name: String) -> ServerSetting? {
        all.first { $0.name == name || $0.configKey == name || $0.environmentVariable == name || $0.optionName == name }
    }

    /// The longest accepted timeout, in seconds: one day.
    public static let maxDurationSeconds: Double = 86_400

    /// ``ServerSettings/host``: a host name or address, not empty, without spaces or control characters.
    public static let host = ServerSetting(
        name: "host",
        summary: "The address to listen on; 0.0.0.0 exposes the server to the network.",
        valueName: "address",
        expectation: "a host name or IP address without spaces",
        assign: { settings, text in
            guard !text.isEmpty, text.utf8.count <= 255,
                text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
            else { return false }
            settings.host = text
            return true
        },
        read: { .string($0.host) }
    )

    /// ``ServerSettings/port``: 0 to 65535, 0 asking the system for a free port.
    public static let port = integer(
        SettingField({ $0.port }, { $0.port = $1 }),
        name: "port",
        in: 0...65_535,
        summary: "The TCP port; 0 asks the system for a free port.",
        valueName: "port"
    )

    /// ``ServerSettings/threads``: `auto` (one per core) or 1 to 256.
    public static let threads = ServerSetting(
        name: "threads",
        summary: "The number of event loops, one thread each; auto is one per core.",
        valueName: "count|auto",
        expectation: "auto or an integer from 1 to 256",
        assign: { settings, text in
            if text == "auto" {
                settings.threads = nil
                return true
            }
            guard let count = Int(text), (1...256).contains(count) else { return false }
            settings.threads = count
            return true
        },
        read: { settings in settings.threads.map { .integer(Int64($0)) } ?? .automatic }
    )

    /// ``ServerSettings/maxRequestLineBytes``: a positive integer.
    public static let maxRequestLineBytes = integer(
        SettingField({ $0.maxRequestLineBytes }, { $0.maxRequestLineBytes = $1 }),
        name: "maxRequestLineBytes",
        summary: "The longest request line, in bytes; longer gets 414.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHeaderBytes``: a positive integer.
    public static let maxHeaderBytes = integer(
        SettingField({ $0.maxHeaderBytes }, { $0.maxHeaderBytes = $1 }),
        name: "maxHeaderBytes",
        summary: "The most bytes of request line plus header fields; more gets 431.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHeaderCount``: a positive integer.
    public static let maxHeaderCount = integer(
        SettingField({ $0.maxHeaderCount }, { $0.maxHeaderCount = $1 }),
        name: "maxHeaderCount",
        summary: "The most header fields in one request; more gets 431.",
        valueName: "count"
    )

    /// ``ServerSettings/maxBodyBytes``: a positive integer.
    public static let maxBodyBytes = integer(
        SettingField({ $0.maxBodyBytes }, { $0.maxBodyBytes = $1 }),
        name: "maxBodyBytes",
        summary: "The largest request body, streamed or not; larger gets 413.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxBufferedBodyBytes``: a positive integer.
    public static let maxBufferedBodyBytes = integer(
        SettingField({ $0.maxBufferedBodyBytes }, { $0.maxBufferedBodyBytes = $1 }),
        name: "maxBufferedBodyBytes",
        summary: "The largest body buffered to be decoded (form, JSON, property list, XML).",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxInlinePartBytes``: a positive integer.
    public static let maxInlinePartBytes = integer(
        SettingField({ $0.maxInlinePartBytes }, { $0.maxInlinePartBytes = $1 }),
        name: "maxInlinePartBytes",
        summary: "The largest multipart part echoed inline (form, files); larger parts are only counted and hashed.",
        valueName: "bytes"
    )

    /// ``ServerSettings/multipartMode``: `strict` or `lenient`.
    public static let multipartMode = choice(
        SettingField({ $0.multipartMode }, { $0.multipartMode = $1 }),
        name: "multipartMode",
        summary: "A multipart body that does not parse: strict answers 400 with the error, lenient 200 with diagnostics."
    )

    /// ``ServerSettings/headerTimeout``: seconds, more than 0 and at most a day.
    public static let headerTimeout = seconds(
        SettingField({ $0.headerTimeout }, { $0.headerTimeout = $1 }),
        name: "headerTimeout",
        summary: "Seconds a client has to send a complete request head; then 408."
    )

    /// ``ServerSettings/idleTimeout``: seconds, more than 0 and at most a day.
    public static let idleTimeout = seconds(
        SettingField({ $0.idleTimeout }, { $0.idleTimeout = $1 }),
        name: "idleTimeout",
        summary: "Seconds an idle keep-alive connection is kept open."
    )

    /// ``ServerSettings/minBodyBytesPerSecond``: a positive integer.
    public static let minBodyBytesPerSecond = integer(
        SettingField({ $0.minBodyBytesPerSecond }, { $0.minBodyBytesPerSecond = $1 }),
        name: "minBodyBytesPerSecond",
        summary: "The slowest accepted body upload rate, in bytes per second.",
        valueName: "bytes"
    )

    /// ``ServerSettings/bodyRateGracePeriod``: seconds, more than 0 and at most a day.
    public static let bodyRateGracePeriod = seconds(
        SettingField({ $0.bodyRateGracePeriod }, { $0.bodyRateGracePeriod = $1 }),
        name: "bodyRateGracePeriod",
        summary: "Seconds of body upload before the minimum rate is enforced."
    )

    /// ``ServerSettings/writeTimeout``: seconds, more than 0 and at most a day.
    public static let writeTimeout = seconds(
        SettingField({ $0.writeTimeout }, { $0.writeTimeout = $1 }),
        name: "writeTimeout",
        summary: "Seconds a response write may make no progress before the connection is closed."
    )

    /// ``ServerSettings/maxConnections``: a positive integer.
    public static let maxConnections = integer(
        SettingField({ $0.maxConnections }, { $0.maxConnections = $1 }),
        name: "maxConnections",
        summary: "The most connections open at once, over all loops.",
        valueName: "count"
    )

    /// ``ServerSettings/maxResponseDelayMilliseconds``: 0 (delays refused) to a day.
    public static let maxResponseDelayMilliseconds = integer(
        SettingField({ $0.maxResponseDelayMilliseconds }, { $0.maxResponseDelayMilliseconds = $1 }),
        name: "maxResponseDelayMilliseconds",
        in: 0...86_400_000,
        summary: "The longest delay a request may ask for with x-set-response-delay-ms.",
        valueName: "ms"
    )

    /// ``ServerSettings/shutdownTimeout``: seconds, more than 0 and at most a day.
    public static let shutdownTimeout = seconds(
        SettingField({ $0.shutdownTimeout }, { $0.shutdownTimeout = $1 }),
        name: "shutdownTimeout",
        summary: "Seconds in-flight exchanges get to finish after SIGINT or SIGTERM."
    )

    /// ``ServerSettings/allowedRedirectDomains``: a comma-separated list of host names; empty allows every host.
    public static let allowedRedirectDomains = ServerSetting(
        name: "allowedRedirectDomains",
        summary: "Hosts /redirect-to may send clients to, comma-separated; empty allows every host.",
        valueName: "hosts",
        expectation: "a comma-separated list of host names without spaces, or nothing",
        assign: { settings, text in
            let hosts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            guard hosts.allSatisfy({ host in
                host.utf8.count <= 253 && host.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"/\\?#@".unicodeScalars.contains($0) }
            }) else { return false }
            settings.allowedRedirectDomains = hosts
            return true
        },
        read: { .string($0.allowedRedirectDomains.joined(separator: ",")) }
    )

    /// ``ServerSettings/reportedHostname``: 1 to 253 visible ASCII characters.
    public static let reportedHostname = ServerSetting(
        name: "reportedHostname",
        summary: "The name /hostname reports (the machine's own name is never shown).",
        valueName: "name",
        expectation: "1 to 253 visible ASCII characters",
        assign: { settings, text in
            guard !text.isEmpty, text.utf8.count <= 253, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
            else { return false }
            settings.reportedHostname = text
            return true
        },
        read: { .string($0.reportedHostname) }
    )

    /// ``ServerSettings/profile``: `httpbin` or `firewalk`.
    public static let profile = choice(
        SettingField({ $0.profile }, { $0.profile = $1 }),
        name: "profile",
        summary: "Whose reply shapes the echo routes use: httpbin's, or Firewalk's (Alamofire's test server)."
    )

    /// ``ServerSettings/compressResponses``: `true` or `false`.
    public static let compressResponses = boolean(
        SettingField({ $0.compressResponses }, { $0.compressResponses = $1 }),
        name: "compressResponses",
        summary: "Whether every response is compressed for a client whose Accept-Encoding allows it."
    )

    /// ``ServerSettings/cors``: `*`, `off`, or a comma-separated list of origins.
    public static let cors = ServerSetting(
        name: "cors",
        summary: "Which web pages may read answers: * (any, without credentials), off, or origins (with credentials), comma-separated.",
        valueName: "*|off|origins",
        expectation: "*, off, or a comma-separated list of origins such as http://localhost:3000",
        assign: { settings, text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" {
                settings.cors = .anyOrigin
                return true
            }
            if trimmed.lowercased() == "off" {
                settings.cors = .off
                return true
            }
            var origins: [String] = []
            for item in trimmed.split(separator: ",") {
                guard let origin = corsOrigin(item.trimmingCharacters(in: .whitespaces)) else { return false }
                if !origins.contains(origin) { origins.append(origin) }
            }
            guard !origins.isEmpty else { return false }
            settings.cors = .origins(origins)
            return true
        },
        read: { settings in
            switch settings.cors {
            case .anyOrigin: .string("*")
            case .off: .string("off")
            case .origins(let origins): .string(origins.joined(separator: ","))
            }
        }
    )

    /// An origin as a browser serializes it in `Origin`: `scheme://host[:port]` in lower case,
    /// without the scheme's default port or a final `/`; nil when `text` is not one.
    static func corsOrigin(_ text: String) -> String? {
        var origin = text.lowercased()
        if origin.hasSuffix("/") { origin.removeLast() }
        guard let separator = origin.range(of: "://") else { return nil }
        let scheme = origin[..<separator.lowerBound]
        let authority = origin[separator.upperBound...]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
            scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }),
            !authority.isEmpty, authority.utf8.count <= 261,
            authority.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"/\\?#@,".unicodeScalars.contains($0) })
        else { return nil }
        for (defaultScheme, port) in [("http", ":80"), ("https", ":443")] where scheme == defaultScheme && origin.hasSuffix(port) {
            origin.removeLast(port.count)
        }
        return origin
    }

    /// ``ServerSettings/logFormat``: `text` or `json`.
    public static let logFormat = choice(
        SettingField({ $0.logFormat }, { $0.logFormat = $1 }),
        name: "logFormat",
        summary: "The log format."
    )

    /// ``ServerSettings/logLevel``: one of swift-log's levels, written in lower case.
    public static let logLevel = ServerSetting(
        name: "logLevel",
        summary: "The lowest log level written: " + Logger.Level.allCases.map { $0.rawValue }.joined(separator: ", ") + ".",
        valueName: "level",
        expectation: "one of " + Logger.Level.allCases.map { $0.rawValue }.joined(separator: ", "),
        assign: { settings, text in
            guard let level = Logger.Level(rawValue: text) else { return false }
            settings.logLevel = level.rawValue
            return true
        },
        read: { .string($0.logLevel) }
    )

    /// ``ServerSettings/accessLog``: `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`).
    public static let accessLog = boolean(
        SettingField({ $0.accessLog }, { $0.accessLog = $1 }),
        name: "accessLog",
        summary: "Whether one access log line is written per exchange."
    )

    /// ``ServerSettings/publicDirectory``: a folder path, not empty.
    public static let publicDirectory = ServerSetting(
        name: "publicDirectory",
        summary: "The folder of the web page served at / (relative to the working directory).",
        valueName: "path",
        expectation: "a folder path",
        assign: { settings, text in
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return false }
            settings.publicDirectory = text
            return true
        },
        read: { .string($0.publicDirectory) }
    )

    /// ``ServerSettings/mappingsDirectory``: a folder path, or empty for none.
    public static let mappingsDirectory = optionalText(
        SettingField({ $0.mappingsDirectory }, { $0.mappingsDirectory = $1 }),
        name: "mappingsDirectory",
        summary: "The folder of mock mapping files, reloaded when they change; bodyFileName reads files/ beside it.",
        valueName: "path"
    )

    /// ``ServerSettings/history``: `true` or `false`.
    public static let history = boolean(
        SettingField({ $0.history }, { $0.history = $1 }),
        name: "history",
        summary: "Whether exchanges are recorded in the history served under /__admin/."
    )

    /// ``ServerSettings/maxHistoryEntryCount``: a positive integer.
    public static let maxHistoryEntryCount = integer(
        SettingField({ $0.maxHistoryEntryCount }, { $0.maxHistoryEntryCount = $1 }),
        name: "maxHistoryEntryCount",
        summary: "The most exchanges the history keeps; the oldest are dropped first.",
        valueName: "count"
    )

    /// ``ServerSettings/maxHistoryBytes``: a positive integer.
    public static let maxHistoryBytes = integer(
        SettingField({ $0.maxHistoryBytes }, { $0.maxHistoryBytes = $1 }),
        name: "maxHistoryBytes",
        summary: "The approximate memory the history may use; the oldest entries are dropped first.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHistoryBodyBytes``: a positive integer.
    public static let maxHistoryBodyBytes = integer(
        SettingField({ $0.maxHistoryBodyBytes }, { $0.maxHistoryBodyBytes = $1 }),
        name: "maxHistoryBodyBytes",
        summary: "The largest body the history keeps whole; a larger one keeps its size, SHA-256 and a preview.",
        valueName: "bytes"
    )

    /// ``ServerSettings/historyFile``: a path, or empty for none.
    public static let historyFile = optionalText(
        SettingField({ $0.historyFile }, { $0.historyFile = $1 }),
        name: "historyFile",
        summary: "An append-only JSON-lines file the history is written to and reloaded from at start.",
        valueName: "path"
    )

    /// ``ServerSettings/historyRedactHeaders``: `true` or `false`.
    public static let historyRedactHeaders = boolean(
        SettingField({ $0.historyRedactHeaders }, { $0.historyRedactHeaders = $1 }),
        name: "historyRedactHeaders",
        summary: "Whether Authorization, Cookie and other sensitive header values are stored redacted."
    )

    /// ``ServerSettings/adminToken``: a token, or empty for none.
    public static let adminToken = optionalText(
        SettingField({ $0.adminToken }, { $0.adminToken = $1 }),
        name: "adminToken",
        summary: "A bearer token every /__admin/ request must carry (Authorization: Bearer or ?token=).",
        valueName: "token"
    )

    /// ``ServerSettings/adminHosts``: a comma-separated list of host names, `.domains` or `*`.
    public static let adminHosts = ServerSetting(
        name: "adminHosts",
        summary: "More Host names the admin API answers, comma-separated (.domain includes subdomains; * any, unsafe).",
        valueName: "hosts",
        expectation: "a comma-separated list of host names, .domains or *, without ports or spaces, or nothing",
        assign: { settings, text in
            let hosts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            guard hosts.allSatisfy({ host in
                host == "*" || (host != "." && host.utf8.count <= 254
                    && host.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"/\\?#@:*[]".unicodeScalars.contains($0) })
            }) else { return false }
            settings.adminHosts = hosts
            return true
        },
        read: { .string($0.adminHosts.joined(separator: ",")) }
    )
}

import BoomerangSettings

/// The settings of where and how the server listens.
extension ServerSetting {
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

    /// ``ServerSettings/httpsPort``: 0 to 65535, or `off`.
    public static let httpsPort = ServerSetting(
        name: "httpsPort",
        summary: "The HTTPS port (certificates from the local CA, boomerang ca); 0 asks the system for a free port, off turns TLS off.",
        valueName: "port|off",
        expectation: "an integer from 0 to 65535, or off",
        assign: { settings, text in
            if text == "off" {
                settings.httpsPort = nil
                return true
            }
            guard let port = Int(text), (0...65_535).contains(port) else { return false }
            settings.httpsPort = port
            return true
        },
        read: { settings in settings.httpsPort.map { .integer(Int64($0)) } ?? .string("off") }
    )

    /// ``ServerSettings/http2``: `true` or `false`.
    public static let http2 = boolean(
        SettingField({ $0.http2 }, { $0.http2 = $1 }),
        name: "http2",
        summary: "Whether the HTTPS port offers HTTP/2 (ALPN h2, then http/1.1)."
    )

    /// ``ServerSettings/h2c``: `true` or `false`.
    public static let h2c = boolean(
        SettingField({ $0.h2c }, { $0.h2c = $1 }),
        name: "h2c",
        summary: "Whether the plain port takes HTTP/2 without TLS (h2c): from a client that opens with its preface, or asks with Upgrade: h2c."
    )

    /// ``ServerSettings/tlsScenarioPorts``: `auto`, `off`, or the first port.
    public static let tlsScenarioPorts = ServerSetting(
        name: "tlsScenarioPorts",
        summary: "The TLS scenarios' own ports, one per scenario from this one; auto: from the HTTPS port's next; off: by name only.",
        valueName: "port|auto|off",
        expectation: "auto, off or an integer from 0 to 65535",
        assign: { settings, text in
            switch text {
            case "auto": settings.tlsScenarioPorts = .afterHTTPSPort
            case "off": settings.tlsScenarioPorts = .off
            default:
                guard let port = Int(text), (0...65_535).contains(port) else { return false }
                settings.tlsScenarioPorts = .from(port)
            }
            return true
        },
        read: { settings in
            switch settings.tlsScenarioPorts {
            case .afterHTTPSPort: .automatic
            case .off: .string("off")
            case .from(let port): .integer(Int64(port))
            }
        }
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
}

import BoomerangSettings
import Foundation

/// Where the local certificate authority lives and what it may issue for, and the handshake's limits.
extension ServerSetting {
    /// ``ServerSettings/tlsHandshakeTimeout``: seconds, more than 0 and at most a day.
    public static let tlsHandshakeTimeout = seconds(
        SettingField({ $0.tlsHandshakeTimeout }, { $0.tlsHandshakeTimeout = $1 }),
        name: "tlsHandshakeTimeout",
        summary: "Seconds a client has to finish its TLS handshake; then the connection is closed (and the history says so)."
    )

    /// ``ServerSettings/tlsHandshakeLimit``: a positive integer.
    public static let tlsHandshakeLimit = integer(
        SettingField({ $0.tlsHandshakeLimit }, { $0.tlsHandshakeLimit = $1 }),
        name: "tlsHandshakeLimit",
        summary: "The most TLS handshakes under way at once, over all loops; a connection past it is closed at once.",
        valueName: "count"
    )

    /// ``ServerSettings/tlsStateDirectory``: a folder path, or empty for the user's data folder.
    public static let tlsStateDirectory = optionalText(
        SettingField({ $0.tlsStateDirectory }, { $0.tlsStateDirectory = $1 }),
        name: "tlsStateDirectory",
        summary: "The local certificate authority's folder (boomerang ca); empty: $XDG_DATA_HOME/boomerang/ca or ~/.local/share/boomerang/ca.",
        valueName: "path"
    )

    /// ``ServerSettings/tlsNames``: a comma-separated list of DNS names, IP addresses and ranges.
    public static let tlsNames = ServerSetting(
        name: "tlsNames",
        summary: "More names the local CA may issue for, comma-separated: DNS names (with subdomains), IP addresses, ranges (10.0.0.0/8).",
        valueName: "names",
        expectation: "a comma-separated list of DNS names, IP addresses or ranges, without spaces, or nothing",
        assign: { settings, text in
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            guard names.allSatisfy({ name in
                name.utf8.count <= 253 && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\\?#@,;\"'".unicodeScalars.contains($0) }
            }) else { return false }
            settings.tlsNames = names
            return true
        },
        read: { .string($0.tlsNames.joined(separator: ",")) }
    )
}

import Foundation
import BoomerangSettings

/// The settings of the httpbin routes: redirects, the reported host name, the reply shapes, compression and CORS.
extension ServerSetting {
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
}

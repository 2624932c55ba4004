import Foundation
import BoomerangSettings

/// Who may use the admin API.
extension ServerSetting {
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

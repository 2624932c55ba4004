import BoomerangSerialization
import BoomerangSettings

/// The CORS fields of every answer, errors included, by the `cors` setting; the admin API and the
/// web page's own files get none (``Router`` leaves them out), so that no other site's script can
/// read them from a browser.
///
/// - `*` (the default): `Access-Control-Allow-Origin: *` and never credentials, so a page may read
///   what it sends without cookies, but not what a browser adds of the user's own (cookies ignore
///   ports: a browser sends Boomerang the cookies of the user's other local apps, and the echo
///   would show them).
/// - listed origins: the request's `Origin`, when listed, reflected with
///   `Access-Control-Allow-Credentials: true`, and `Vary: Origin` on every answer; a private-network
///   preflight is allowed for them only.
///
/// On `OPTIONS` (a preflight) an allowed origin also gets the methods, a one-hour
/// `Access-Control-Max-Age` and the requested headers. Fields a route has set itself are kept.
public struct CORSFields: Sendable {
    /// The methods a preflight is told are allowed, as httpbin lists them.
    public static let allowedMethods = "GET, POST, PUT, DELETE, PATCH, OPTIONS"

    /// The listed origins, in lower case; empty for `*`.
    private let origins: Set<String>
    /// Whether every origin is allowed, without credentials.
    private let allowsAnyOrigin: Bool

    /// The fields of the `cors` setting; nil when it is `off`.
    public init?(_ cors: ServerSettings.CORS) {
        switch cors {
        case .off:
            return nil
        case .anyOrigin:
            origins = []
            allowsAnyOrigin = true
        case .origins(let listed):
            origins = Set(listed.map { $0.lowercased() })
            allowsAnyOrigin = false
        }
    }

    /// Adds the CORS fields a route has not set itself.
    public func add(to headers: inout HTTPHeaders, for head: HTTPRequestHead) {
        func set(_ name: String, _ value: String) {
            if !headers.contains(name) { headers.add(name: name, value: value) }
        }
        if allowsAnyOrigin {
            set("Access-Control-Allow-Origin", "*")
        } else {
            if !headers.values(for: "Vary").contains(where: Self.namesOrigin) { headers.add(name: "Vary", value: "Origin") }
            guard let origin = head.headers["Origin"], origins.contains(origin.lowercased()) else { return }
            set("Access-Control-Allow-Origin", origin)
            set("Access-Control-Allow-Credentials", "true")
        }
        guard head.method == .options else { return }
        set("Access-Control-Allow-Methods", Self.allowedMethods)
        set("Access-Control-Max-Age", "3600")
        if let requested = head.headers["Access-Control-Request-Headers"] {
            set("Access-Control-Allow-Headers", requested)
        }
        if !allowsAnyOrigin, head.headers["Access-Control-Request-Private-Network"]?.lowercased() == "true" {
            set("Access-Control-Allow-Private-Network", "true")
        }
    }

    /// Whether a `Vary` value lists `Origin` (or is `*`).
    private static func namesOrigin(_ vary: String) -> Bool {
        vary.split(separator: ",").contains { item in
            let name = item.trimmingSpaces()
            return name == "*" || name.lowercased() == "origin"
        }
    }
}

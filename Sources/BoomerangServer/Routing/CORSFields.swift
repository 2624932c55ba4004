import BoomerangSerialization

/// httpbin's CORS on every answer, errors included: `Access-Control-Allow-Origin` reflecting the
/// request's `Origin` (`*` without one) and `Access-Control-Allow-Credentials: true`; on `OPTIONS`
/// (a preflight) also the methods, a one-hour `Access-Control-Max-Age` and the requested headers
/// allowed. The admin API and the web page's own files get none (``Router`` leaves them out), so
/// that no other site's script can read them from a browser.
enum CORSFields {
    /// The methods a preflight is told are allowed, as httpbin lists them.
    static let allowedMethods = "GET, POST, PUT, DELETE, PATCH, OPTIONS"

    /// Adds the CORS fields a route has not set itself.
    static func add(to headers: inout HTTPHeaders, for head: HTTPRequestHead) {
        func set(_ name: String, _ value: String) {
            if !headers.contains(name) { headers.add(name: name, value: value) }
        }
        set("Access-Control-Allow-Origin", head.headers["Origin"] ?? "*")
        set("Access-Control-Allow-Credentials", "true")
        guard head.method == .options else { return }
        set("Access-Control-Allow-Methods", allowedMethods)
        set("Access-Control-Max-Age", "3600")
        if let requested = head.headers["Access-Control-Request-Headers"] {
            set("Access-Control-Allow-Headers", requested)
        }
    }
}

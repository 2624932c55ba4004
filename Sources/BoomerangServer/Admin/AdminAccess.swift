import BoomerangSerialization

/// Who may use `/__admin/`: on a server bound to loopback, only requests whose `Host` is a
/// loopback name (a page on another origin that resolves its name to 127.0.0.1 — DNS
/// rebinding — sends its own name); and, when a token is set, only requests that carry it.
struct AdminAccess: Sendable {
    /// Whether the `Host` of admin requests must be a loopback name.
    let requiresLoopbackHost: Bool
    /// The bearer token admin requests must carry.
    let token: String?

    init(settings: ServerSettings) {
        requiresLoopbackHost = Self.isLoopbackName(settings.host)
        token = settings.adminToken
    }

    init(requiresLoopbackHost: Bool, token: String?) {
        self.requiresLoopbackHost = requiresLoopbackHost
        self.token = token
    }

    /// Refuses a request that may not use the admin API.
    ///
    /// - Throws: 403 ``ServerError/Code/adminHostRefused`` or 401 ``ServerError/Code/adminTokenRequired``.
    func check(_ head: HTTPRequestHead) throws(ServerError) {
        if requiresLoopbackHost {
            let host = head.headers["Host"] ?? ""
            guard Self.isLoopbackHostHeader(host) else {
                throw ServerError(
                    .adminHostRefused, "the admin API answers only requests addressed to localhost, 127.0.0.1 or [::1]", value: host)
            }
        }
        guard let token else { return }
        let offered = Self.bearerToken(head.headers["Authorization"]) ?? AdminQuery.value("token", in: head.query)
        guard let offered, Self.constantTimeEqual(Array(offered.utf8), Array(token.utf8)) else {
            throw ServerError(
                .adminTokenRequired, "the admin API needs the admin token: Authorization: Bearer <token> or ?token=<token>",
                headers: ["WWW-Authenticate": "Bearer realm=\"boomerang-admin\""])
        }
    }

    /// Whether a listening address or host name is loopback: `localhost`, `127.x.y.z`, `::1`.
    static func isLoopbackName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "localhost" || lower == "localhost." || lower == "::1" || lower == "[::1]" { return true }
        let octets = lower.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            octet.count <= 3 && !octet.isEmpty && octet.allSatisfy(\.isASCII) && Int(octet).map { $0 <= 255 } == true
        }
    }

    /// Whether a `Host` value (a name with an optional port) names the loopback interface.
    static func isLoopbackHostHeader(_ value: String) -> Bool {
        var name = value[...]
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return false }
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            guard isPort(name[colon...]) else { return false }
            name = name[..<colon]
        }
        return isLoopbackName(String(name))
    }

    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && !digits.isEmpty && digits.count <= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The token of `Bearer <token>` (scheme in any case).
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization, authorization.utf8.count > 7, authorization.prefix(7).lowercased() == "bearer " else { return nil }
        return String(authorization.dropFirst(7)).trimmingSpaces()
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}

extension ServerError.Code {
    /// An admin request to a loopback server whose `Host` is not a loopback name.
    public static let adminHostRefused = Self("adminHostRefused", status: 403)
    /// An admin request without the admin token that is set.
    public static let adminTokenRequired = Self("adminTokenRequired", status: 401)
}

import BoomerangExchange
import BoomerangHistory
import BoomerangSerialization
import BoomerangSettings

/// Who may use `/__admin/`: on every bind, only requests whose `Host` the ``AdminHostPolicy``
/// allows (a page that reaches the server by DNS rebinding sends its own domain, which it does
/// not allow); and, when a token is set, only requests that carry it.
struct AdminAccess: Sendable {
    /// The `Host` values admin requests may carry.
    let hosts: AdminHostPolicy
    /// The bearer token admin requests must carry.
    let token: String?

    init(settings: ServerSettings) {
        hosts = AdminHostPolicy(adminHosts: settings.adminHosts, boundToLoopback: AdminHostPolicy.isLoopbackName(settings.host))
        token = settings.adminToken
    }

    init(hosts: AdminHostPolicy, token: String?) {
        self.hosts = hosts
        self.token = token
    }

    /// Refuses a request that may not use the admin API.
    ///
    /// - Throws: 403 ``ServerError/Code/adminHostRefused`` or 401 ``ServerError/Code/adminTokenRequired``.
    func check(_ context: RequestContext) throws(ServerError) {
        let head = context.head
        let host = context.authority ?? ""
        guard hosts.allows(host) else {
            throw ServerError(.adminHostRefused, hosts.refusalMessage, value: host)
        }
        guard let token else { return }
        let offered = Self.bearerToken(head.headers["Authorization"]) ?? AdminQuery.value("token", in: head.query)
        guard let offered, Self.constantTimeEqual(Array(offered.utf8), Array(token.utf8)) else {
            throw ServerError(
                .adminTokenRequired, "the admin API needs the admin token: Authorization: Bearer <token> or ?token=<token>",
                headers: ["WWW-Authenticate": "Bearer realm=\"boomerang-admin\""])
        }
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
    /// An admin request whose `Host` the ``AdminHostPolicy`` does not allow (DNS rebinding).
    public static let adminHostRefused = Self("adminHostRefused", status: 403)
    /// An admin request without the admin token that is set.
    public static let adminTokenRequired = Self("adminTokenRequired", status: 401)
}

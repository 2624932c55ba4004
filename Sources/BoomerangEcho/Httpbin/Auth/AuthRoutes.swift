import BoomerangExchange
import BoomerangSerialization

/// `/basic-auth/{user}/{passwd}`, `/hidden-basic-auth/{user}/{passwd}`, `/bearer` and
/// `/digest-auth/…`. A missing or malformed `Authorization` is a 401 (404 on the hidden route),
/// never a server error.
package enum AuthRoutes {
    package static let digestRealm = "boomerang"

    /// `{"authenticated": true, "user": …}`.
    package static func authenticated(user: String) -> StructuredValue {
        .object(StructuredObject([("authenticated", .bool(true)), ("user", .string(user))]))
    }

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        group.add(
            "basic-auth", .only([.get]), "/basic-auth/{user}/{passwd}",
            summary: "200 with Basic credentials user:passwd, else 401 with WWW-Authenticate"
        ) { request in
            FixedResponder(basic(request, hidden: false))
        }
        group.add(
            "hidden-basic-auth", .only([.get]), "/hidden-basic-auth/{user}/{passwd}",
            summary: "200 with Basic credentials user:passwd, else 404"
        ) { request in
            FixedResponder(basic(request, hidden: true))
        }
        group.add(
            "bearer", .only([.get]), "/bearer",
            summary: "200 with any Bearer token, else 401 with WWW-Authenticate: Bearer"
        ) { request in
            let header = AuthorizationHeader(request.head.headers["Authorization"])
            guard let header, header.scheme == "Bearer", !header.rest.isEmpty,
                !header.rest.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F })
            else {
                return FixedResponder(Response(status: 401, headers: ["WWW-Authenticate": "Bearer", "Content-Type": "text/html; charset=utf-8"]))
            }
            let document = StructuredObject([("authenticated", .bool(true)), ("token", .string(String(header.rest)))])
            return FixedResponder(.json(.object(document)))
        }
        let digestSummary = "HTTP Digest (qop auth or auth-int; MD5, SHA-256, SHA-512), with httpbin's nonce, opaque and stale handling"
        for pattern in [
            "/digest-auth/{qop}/{user}/{passwd}", "/digest-auth/{qop}/{user}/{passwd}/{algorithm}",
            "/digest-auth/{qop}/{user}/{passwd}/{algorithm}/{stale_after}",
        ] {
            group.add("digest-auth", .only([.get]), pattern, summary: digestSummary) { request throws(ServerError) in
                let parameters = request.parameters
                let staleAfter = parameters.string("stale_after") ?? "never"
                if staleAfter != "never" {
                    _ = try NumericParameter.int("stale_after", staleAfter, in: 0...1_000_000)
                }
                return DigestAuthResponder(
                    context: request.context, user: parameters.string("user") ?? "", password: parameters.string("passwd") ?? "",
                    qop: parameters.string("qop") ?? "", algorithm: parameters.string("algorithm"), staleAfter: staleAfter)
            }
        }
    }

    private static func basic(_ request: RouteRequest, hidden: Bool) -> Response {
        let user = request.parameters.string("user") ?? ""
        let password = request.parameters.string("passwd") ?? ""
        let credentials = AuthorizationHeader(request.head.headers["Authorization"])?.basicCredentials
        guard let credentials, credentials.user == user, credentials.password == password else {
            if hidden { return Response(status: 404, headers: ["Content-Type": "text/html; charset=utf-8"]) }
            return Response(status: 401, headers: ["WWW-Authenticate": #"Basic realm="Fake Realm""#])
        }
        return .json(authenticated(user: user))
    }
}

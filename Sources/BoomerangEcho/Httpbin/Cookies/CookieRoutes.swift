import BoomerangExchange
import BoomerangSerialization

/// `/cookies`, `/cookies/set`, `/cookies/set/{name}/{value}` and `/cookies/delete`. The setting
/// routes take go-httpbin's attribute parameters: `attr[Path]`, `attr[Domain]`, `attr[Secure]`,
/// `attr[HttpOnly]`, `attr[SameSite]` (names without regard to case); the defaults are httpbin's
/// (`Path=/` only).
package enum CookieRoutes {
    package static func register(in group: inout RouteGroup) {
        group.add("cookies", .only([.get]), "/cookies", summary: "The request's cookies") { request in
            let cookies = RequestCookies(request.head.headers)
            let object = StructuredObject(cookies.pairs.map { ($0.name, StructuredValue.string($0.value)) })
            return FixedResponder(.json(.object(StructuredObject([("cookies", .object(object))]))))
        }
        group.add(
            "cookies-set", .only([.get]), "/cookies/set",
            summary: "Sets each query parameter as a cookie (attr[Path], attr[SameSite], … as go-httpbin), then 302 to /cookies"
        ) { request throws(ServerError) in
            try FixedResponder(setEach(request, expiring: false))
        }
        group.add(
            "cookies-set-path", .only([.get]), "/cookies/set/{name}/{value}",
            summary: "Sets one cookie, then 302 to /cookies"
        ) { request throws(ServerError) in
            var cookie = try SetCookie(name: request.parameters.string("name") ?? "", value: request.parameters.string("value") ?? "")
            try CookieAttributes(HttpbinQuery(request.head)).apply(to: &cookie)
            var response = Response.redirect(to: "/cookies")
            response.headers.add(name: "Set-Cookie", value: cookie.headerValue)
            return FixedResponder(response)
        }
        group.add(
            "cookies-delete", .only([.get]), "/cookies/delete",
            summary: "Expires each cookie named in the query, then 302 to /cookies"
        ) { request throws(ServerError) in
            try FixedResponder(setEach(request, expiring: true))
        }
    }

    /// A 302 to `/cookies` with one `Set-Cookie` per query parameter that is not an attribute
    /// (the first of a repeated name), each with the query's attributes; `expiring` sends each
    /// empty and expired instead.
    private static func setEach(_ request: RouteRequest, expiring: Bool) throws(ServerError) -> Response {
        let query = HttpbinQuery(request.head)
        let attributes = try CookieAttributes(query)
        var response = Response.redirect(to: "/cookies")
        var seen: Set<String> = []
        for pair in query.pairs where !CookieAttributes.isAttributeName(pair.name) && seen.insert(pair.name).inserted {
            var cookie = try SetCookie(name: pair.name, value: expiring ? "" : pair.value)
            attributes.apply(to: &cookie)
            if expiring {
                cookie.expires = "Thu, 01 Jan 1970 00:00:00 GMT"
                cookie.maxAge = 0
            }
            response.headers.add(name: "Set-Cookie", value: cookie.headerValue)
        }
        return response
    }
}

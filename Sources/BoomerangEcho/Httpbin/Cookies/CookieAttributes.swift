import BoomerangExchange

/// go-httpbin's `attr[Name]=value` cookie attribute parameters.
package struct CookieAttributes {
    package var path: String? = "/"
    package var domain: String?
    package var secure = false
    package var httpOnly = false
    package var sameSite: String?

    package static func isAttributeName(_ name: String) -> Bool {
        name.hasPrefix("attr[") && name.hasSuffix("]")
    }

    package init(_ query: HttpbinQuery) throws(ServerError) {
        for pair in query.pairs where Self.isAttributeName(pair.name) {
            let attribute = pair.name.dropFirst(5).dropLast().lowercased()
            let value = pair.value
            switch attribute {
            case "path":
                try SetCookie.checkAttribute("Path", value)
                path = value
            case "domain":
                try SetCookie.checkAttribute("Domain", value)
                domain = value
            case "secure":
                secure = Self.flag(value)
            case "httponly":
                httpOnly = Self.flag(value)
            case "samesite":
                switch value.lowercased() {
                case "strict": sameSite = "Strict"
                case "lax": sameSite = "Lax"
                case "none": sameSite = "None"
                default:
                    throw ServerError(.invalidCookie, "attr[SameSite] must be Strict, Lax or None", value: value)
                }
            default:
                throw ServerError(
                    .invalidCookie, "unknown cookie attribute; use attr[Path], attr[Domain], attr[Secure], attr[HttpOnly] or attr[SameSite]",
                    value: pair.name)
            }
        }
    }

    package func apply(to cookie: inout SetCookie) {
        cookie.path = path
        cookie.domain = domain
        cookie.secure = secure
        cookie.httpOnly = httpOnly
        cookie.sameSite = sameSite
    }

    private static func flag(_ value: String) -> Bool {
        value == "1" || value.lowercased() == "true"
    }
}

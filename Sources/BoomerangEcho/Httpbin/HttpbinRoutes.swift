import BoomerangExchange

/// httpbin's and go-httpbin's routes beside the echo: status codes, redirects, authentication,
/// cookies, caching, sample documents, bytes and ranges, and the inspection routes. Each domain
/// registers its own routes.
package enum HttpbinRoutes {
    package static func register(in table: inout RouteTable, configuration: HttpbinConfiguration) {
        var group = RouteGroup("httpbin", traits: .product)
        var firewalk = RouteGroup("firewalk", traits: .product)
        StatusRoutes.register(in: &group, configuration: configuration)
        ResponseHeaderRoutes.register(in: &group)
        RedirectRoutes.register(in: &group, configuration: configuration)
        AuthRoutes.register(in: &group, configuration: configuration)
        CookieRoutes.register(in: &group)
        CachingRoutes.register(in: &group, configuration: configuration)
        ContentRoutes.register(in: &group)
        BytesRoutes.register(in: &group, configuration: configuration)
        InspectionRoutes.register(in: &group, configuration: configuration)
        StreamRoutes.register(httpbin: &group, firewalk: &firewalk, configuration: configuration)
        CompressionRoutes.register(in: &group)
        table.add(group)
        table.add(firewalk)
    }
}

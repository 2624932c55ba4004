/// httpbin's and go-httpbin's routes beside the echo: status codes, redirects, authentication,
/// cookies, caching, sample documents, bytes and ranges, and the inspection routes. Each domain
/// registers its own routes.
enum HttpbinRoutes {
    static func register(in table: inout RouteTable, configuration: HttpbinConfiguration) {
        StatusRoutes.register(in: &table, configuration: configuration)
        ResponseHeaderRoutes.register(in: &table)
        RedirectRoutes.register(in: &table, configuration: configuration)
        AuthRoutes.register(in: &table, configuration: configuration)
        CookieRoutes.register(in: &table)
        CachingRoutes.register(in: &table, configuration: configuration)
        ContentRoutes.register(in: &table)
        BytesRoutes.register(in: &table, configuration: configuration)
        InspectionRoutes.register(in: &table, configuration: configuration)
        StreamRoutes.register(in: &table, configuration: configuration)
        CompressionRoutes.register(in: &table)
    }
}

import BoomerangExchange

/// `/redirect/{n}`, `/relative-redirect/{n}`, `/absolute-redirect/{n}` and `/redirect-to`.
package enum RedirectRoutes {
    /// The longest redirect chain one request may ask for.
    package static let maxRedirectCount = 100

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        group.add(
            "redirect", .only([.get]), "/redirect/{n}",
            summary: "302 n times, then /get; absolute=true gives absolute URLs"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 1...maxRedirectCount)
            let absolute = HttpbinQuery(request.head).first("absolute")?.lowercased() == "true"
            return FixedResponder(.redirect(to: location(request, remaining: count - 1, absolute: absolute)))
        }
        group.add(
            "relative-redirect", .only([.get]), "/relative-redirect/{n}",
            summary: "302 n times with relative Locations, then /get"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 1...maxRedirectCount)
            return FixedResponder(.redirect(to: location(request, remaining: count - 1, absolute: false)))
        }
        group.add(
            "absolute-redirect", .only([.get]), "/absolute-redirect/{n}",
            summary: "302 n times with absolute Locations, then /get"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 1...maxRedirectCount)
            return FixedResponder(.redirect(to: location(request, remaining: count - 1, absolute: true)))
        }
        let allowedHosts = configuration.allowedRedirectDomains.map { $0.lowercased() }
        group.add(
            "redirect-to", .only([.get, .post, .put, .patch, .delete]), "/redirect-to",
            summary: "Redirects to url with status_code (302 by default, 300–399); 403 outside allowed_redirect_domains"
        ) { request throws(ServerError) in
            let query = HttpbinQuery(request.head)
            let target = try RedirectTarget(query.firstIgnoringCase("url") ?? "", allowedHosts: allowedHosts)
            var status = 302
            if let text = query.firstIgnoringCase("status_code") {
                status = try NumericParameter.int("status_code", text, in: 300...399)
            }
            return FixedResponder(.redirect(to: target.location, status: status))
        }
    }

    /// The next hop: `/get` when none remain, else the same kind of route with one fewer.
    package static func location(_ request: RouteRequest, remaining: Int, absolute: Bool) -> String {
        let path: String
        if remaining == 0 {
            path = "/get"
        } else {
            path = absolute ? "/absolute-redirect/\(remaining)" : "/relative-redirect/\(remaining)"
        }
        guard absolute else { return path }
        return "http://" + (request.context.authority ?? "localhost") + path
    }
}

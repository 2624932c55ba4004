import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// The web page: `GET /` serves `index.html` to a browser (and the route listing as JSON to
/// anything that does not prefer HTML, such as curl), and `GET /ui/{file...}` serves the page's
/// files (`/ui/` the page itself), with ETags and `If-None-Match`.
enum StaticFileRoutes {
    /// What the page's own responses allow: its scripts, styles and images from this server, and
    /// requests back to it; nothing inline, nothing from elsewhere, no framing.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page's routes, which the history does not record and which get no CORS fields;
    /// `listing` gives what `/` answers to a client that does not prefer HTML.
    static func group(files: StaticFiles, listing: @escaping @Sendable () -> Response) -> RouteGroup {
        var group = RouteGroup("page", traits: [.contentCoded])
        group.add("index", .only([.get]), "/", summary: "The web page (HTML), or the route listing (JSON)") { request throws(ServerError) in
            guard ScenarioRoutes.prefersHTML(request.head.headers["Accept"]) else { return FixedResponder(listing()) }
            return FixedResponder(try response(for: "index.html", in: files, head: request.head))
        }
        group.add("file", .only([.get]), "/ui/{file...}", summary: "The web page's scripts, styles and images") { request throws(ServerError) in
            // A folder's address serves its index.html (never a listing): `/ui/` is the page.
            let name = request.parameters.string("file") ?? ""
            return FixedResponder(
                try response(for: name.isEmpty || name.hasSuffix("/") ? name + "index.html" : name, in: files, head: request.head))
        }
        return group
    }

    static func response(for name: String, in files: StaticFiles, head: HTTPRequestHead) throws(ServerError) -> Response {
        guard let file = files.files[name] else {
            if files.files.isEmpty {
                throw ServerError(.pageNotInstalled, "the web page's folder \(files.directory) has no files; set public_directory", value: files.directory)
            }
            throw ServerError(.notFound, "no file \(name) in the web page", value: name)
        }
        var response = Response(status: 200)
        if let match = head.headers["If-None-Match"], match.split(separator: ",").contains(where: { Self.etagMatches($0, file.etag) }) {
            response.status = 304
        } else {
            response.body = file.bytes
            response.headers.add(name: "Content-Type", value: file.contentType)
        }
        response.headers.add(name: "ETag", value: file.etag)
        response.headers.add(name: "Cache-Control", value: "no-cache")
        response.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.add(name: "Referrer-Policy", value: "no-referrer")
        response.sendsSecurityHeaders = false
        return response
    }

    /// `If-None-Match` uses weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches.
    private static func etagMatches(_ candidate: Substring, _ etag: String) -> Bool {
        var tag = String(candidate).trimmingSpaces()[...]
        if tag == "*" { return true }
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        return tag == etag
    }
}

extension ServerError.Code {
    /// The web page's folder was not found or is empty.
    public static let pageNotInstalled = Self("pageNotInstalled", status: 404)
}

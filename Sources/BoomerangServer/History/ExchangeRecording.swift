import BoomerangSerialization

/// What the history needs of a recorded exchange beyond its context, gathered while it runs: the
/// path that was routed, the session prefix, and the body as it arrived (before any content
/// coding is undone). The connection keeps it in the ``Exchange``; the echo hands its own values
/// (document, parts, hash) over in ``Response/echoRecord``, so nothing is decoded twice.
struct ExchangeRecording {
    /// The path routed: the target's path without its session prefix.
    let routedPath: Substring
    /// The session named by a `/s/{name}` prefix.
    let pathSession: Substring?
    var capture: BodyCapture

    init(route: String?, routedPath: Substring, pathSession: Substring?, maxBodyBytes: Int) {
        self.routedPath = routedPath
        self.pathSession = pathSession
        // The echo hashes every body it takes (multipart bodies part by part): no second hash.
        let isEcho = route?.hasASCIIPrefix("echo.") ?? false
        capture = BodyCapture(maxBytes: maxBodyBytes, hashesOverflow: !isEcho)
    }

    /// The field the web page puts on its own fetches of routes it shows (the Scenarios tab's
    /// `GET /scenarios`), so that they stay out of the history they would otherwise fill.
    static let pageMarker = "X-Boomerang-Page"

    /// Whether a request is the page's own: a `GET` or `HEAD` of a route the page fetches (the
    /// scenario catalogue) with ``pageMarker``, and, when the browser says where the fetch came
    /// from (`Sec-Fetch-Site`, which scripts cannot set), from the page's own origin. A client
    /// has to send the field on purpose to go unrecorded, only on that route, and a page of
    /// another site cannot. The route is compared first: other requests pay for no field lookup.
    static func isPageFetch(route: String?, _ head: HTTPRequestHead) -> Bool {
        guard route == "scenarios.list", head.method == .get || head.method == .head else { return false }
        guard let marker = head.headers[pageMarker], !marker.isEmpty else { return false }
        guard let site = head.headers["Sec-Fetch-Site"] else { return true }
        return site.lowercased() == "same-origin"
    }
}

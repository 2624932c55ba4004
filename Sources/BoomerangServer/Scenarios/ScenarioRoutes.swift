import BoomerangSerialization

/// `/scenarios` (the catalogue, JSON or an HTML table for browsers), `/scenarios/{id}` (the
/// scenario's response, GET or HEAD) and `/scenarios/{id}.json` (its description and expectations).
enum ScenarioRoutes {
    static let catalogue = ScenarioCatalogue.standard
    private static let catalogueJSON = catalogue.renderJSON()
    private static let catalogueHTML = catalogue.renderHTML()

    /// Whether `path` belongs to these routes.
    static func matches(_ path: Substring) -> Bool {
        path == "/scenarios" || path == "/scenarios/" || path.hasPrefix("/scenarios/")
    }

    static func response(for head: HTTPRequestHead) -> Response {
        guard head.method == .get || head.method == .head else {
            if head.method == .options {
                return Response(status: 200, headers: ["Allow": "GET, HEAD, OPTIONS", "Content-Type": "text/plain; charset=utf-8"])
            }
            var response = Response.error(405, "methodNotAllowed", "\(head.path) answers GET, HEAD, OPTIONS")
            response.headers.add(name: "Allow", value: "GET, HEAD, OPTIONS")
            return response
        }
        let path = head.path
        if path == "/scenarios" || path == "/scenarios/" {
            if prefersHTML(head.headers["Accept"]) {
                return Response(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: catalogueHTML)
            }
            return Response(status: 200, headers: ["Content-Type": "application/json"], body: catalogueJSON)
        }
        var id = path.dropFirst("/scenarios/".count)
        var describes = head.query.map { $0.split(separator: "&").contains("describe=1") } ?? false
        if id.hasSuffix(".json") {
            id = id.dropLast(".json".count)
            describes = true
        }
        guard let scenario = catalogue.scenario(id: String(id)) else {
            return Response.error(404, "unknownScenario", "no scenario \(id); GET /scenarios lists them")
        }
        guard describes else { return scenario.response }
        var body = (try? JSONWriter(configuration: .pretty).write(catalogue.describe(scenario))) ?? []
        if body.isEmpty { body = Array("{}".utf8) }
        return Response(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Whether `Accept` rates `text/html` above `application/json` (a browser's does; none does not).
    static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        let ranges = MediaRange.parseList(accept)
        return quality(of: "text", "html", in: ranges) > quality(of: "application", "json", in: ranges)
    }

    /// The quality of the most specific range that matches `type/subtype`, or 0.
    private static func quality(of type: String, _ subtype: String, in ranges: [MediaRange]) -> Int {
        var best: (specificity: Int, quality: Int) = (-1, 0)
        for range in ranges {
            let media = range.mediaType
            let typeMatches = media.type == "*" || media.type.lowercased() == type
            let subtypeMatches = media.subtype == "*" || media.subtype.lowercased() == subtype
            guard typeMatches, subtypeMatches, range.specificity > best.specificity else { continue }
            best = (range.specificity, range.quality)
        }
        return best.quality
    }
}

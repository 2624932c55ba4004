import BoomerangExchange
import BoomerangScenarios
import BoomerangSerialization

/// `/scenarios` (the catalogue, JSON or an HTML table for browsers), `/scenarios/{id}` (the
/// scenario's response, GET or HEAD) and `/scenarios/{id}.json` (its description and expectations).
package enum ScenarioRoutes {
    package static let catalogue = ScenarioCatalogue.standard
    private static let catalogueJSON = catalogue.renderJSON()
    private static let catalogueHTML = catalogue.renderHTML()

    package static func register(in table: inout RouteTable) {
        var catalogue = RouteGroup("scenarios", traits: [.product, .fetchedByPage])
        for path in ["/scenarios", "/scenarios/"] {
            catalogue.add("list", .only([.get]), path, summary: "The scenario catalogue, JSON or an HTML table") { request in
                FixedResponder(catalogueResponse(accept: request.head.headers["Accept"]))
            }
        }
        table.add(catalogue)
        var scenarios = RouteGroup("scenarios", traits: .product)
        scenarios.add(
            "scenario", .only([.get]), "/scenarios/{id}",
            summary: "One scenario's response exactly; `{id}.json` or `?describe=1` describes it"
        ) { request throws(ServerError) in
            FixedResponder(try scenarioResponse(id: request.parameters.string("id") ?? "", query: request.head.query))
        }
        table.add(scenarios)
    }

    private static func catalogueResponse(accept: String?) -> Response {
        if prefersHTML(accept) {
            return Response(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: catalogueHTML)
        }
        return Response(status: 200, headers: ["Content-Type": "application/json"], body: catalogueJSON)
    }

    private static func scenarioResponse(id: String, query: Substring?) throws(ServerError) -> Response {
        var id = id[...]
        var describes = query.map { $0.split(separator: "&").contains("describe=1") } ?? false
        if id.hasSuffix(".json") {
            id = id.dropLast(".json".count)
            describes = true
        }
        guard let scenario = catalogue.scenario(id: String(id)) else {
            throw ServerError(.unknownScenario, "no scenario \(id); GET /scenarios lists them", value: String(id))
        }
        guard describes else { return scenario.response }
        var body = (try? JSONWriter(configuration: .pretty).write(catalogue.describe(scenario))) ?? []
        if body.isEmpty { body = Array("{}".utf8) }
        return Response(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Whether `Accept` rates `text/html` above `application/json` (a browser's does; none does not).
    package static func prefersHTML(_ accept: String?) -> Bool {
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

extension ServerError.Code {
    /// `/scenarios/{id}` names no scenario of the catalogue.
    public static let unknownScenario = Self("unknownScenario", status: 404)
}

import BoomerangSerialization

/// The route table as a document: what `GET /` answers to clients that do not prefer HTML, and the
/// source for an OpenAPI document and README's route list.
enum RouteListing {
    static func document(_ routes: [Route]) -> StructuredValue {
        let entries: [StructuredValue] = routes.map { route in
            let methods: StructuredValue
            switch route.methods {
            case .any: methods = ["*"]
            case .only(let list): methods = .array(list.map { .string($0.rawValue) })
            }
            return ["name": .string(route.name), "methods": methods, "path": .string(route.pattern.description), "summary": .string(route.summary)]
        }
        return ["name": "boomerang", "routes": .array(entries)]
    }

    static func response(_ routes: [Route]) -> Response {
        let body = (try? JSONWriter(options: .pretty).write(document(routes))) ?? []
        return Response(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

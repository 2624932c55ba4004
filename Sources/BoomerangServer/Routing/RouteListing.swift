import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

/// The route table as a document: what `GET /` answers to clients that do not prefer HTML, and the
/// source for the OpenAPI document's operations.
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
        let body = (try? JSONWriter(configuration: .pretty).write(document(routes))) ?? []
        return Response(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// The listing of some routes, rendered the first time it is asked for rather than at
    /// start-up, where it cost a twentieth of the instructions to the first answer.
    final class Rendered: Sendable {
        private let routes: [Route]
        private let rendered = Locked<Response?>(nil)

        init(_ routes: [Route]) {
            self.routes = routes
        }

        var response: Response {
            rendered.withLock { rendered in
                if let rendered { return rendered }
                let made = RouteListing.response(routes)
                rendered = made
                return made
            }
        }
    }
}

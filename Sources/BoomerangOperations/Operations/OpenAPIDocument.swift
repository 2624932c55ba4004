import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

/// An OpenAPI 3.0 document made from the route table: one operation per route and method, path
/// parameters typed as the patterns type them, and the error shape every route shares.
package enum OpenAPIDocument {
    /// An operation that is not a built-in route: a mock mapping, say.
    package struct ExtraOperation: Sendable {
        package var name: String
        /// `nil` for any method.
        package var methods: [HTTPMethod]?
        /// A route pattern (`/users/{id}`); patterns with regular expressions have none.
        package var pattern: RoutePattern
        package var summary: String
    }

    /// The methods an OpenAPI path item can have, in the order written.
    private static let methodOrder: [HTTPMethod] = [.get, .put, .post, .delete, .options, .head, .patch]

    package static func make(routes: [Route], extra: [ExtraOperation] = []) -> StructuredValue {
        var described = routes.map(ExtraOperation.init(describing:))
        described += extra
        var paths = StructuredObject()
        var operationIDs: Set<String> = []
        for operation in described {
            let path = openAPIPath(operation.pattern)
            var item = paths[path]?.objectValue ?? StructuredObject()
            let methods = (operation.methods ?? methodOrder).filter(methodOrder.contains)
            for method in methods {
                let key = method.rawValue.lowercased()
                guard !item.contains(key) else { continue }
                var id = "\(operation.name).\(key)"
                var suffix = 2
                while operationIDs.contains(id) {
                    id = "\(operation.name).\(key).\(suffix)"
                    suffix += 1
                }
                operationIDs.insert(id)
                item.append(self.operation(operation, id: id), forNewKey: key)
            }
            if paths.contains(path) {
                _ = paths.updateValue(.object(item), forKey: path)
            } else if !item.isEmpty {
                paths.append(.object(item), forNewKey: path)
            }
        }
        return [
            "openapi": "3.0.3",
            "info": [
                "title": "Boomerang",
                "version": .string(BoomerangVersion.current),
                "description": "A local HTTP echo and inspection server for testing HTTP clients. Every route answers errors as `Error`.",
            ],
            "paths": .object(paths),
            "components": ["schemas": ["Error": errorSchema]],
        ]
    }

    /// `/anything/{rest...}` as `/anything/{rest}`: OpenAPI has no multi-segment parameter, so the
    /// parameter's description says it may hold slashes.
    package static func openAPIPath(_ pattern: RoutePattern) -> String {
        guard !pattern.segments.isEmpty else { return "/" }
        return pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter(let name, _), .rest(let name): "/{\(name)}"
            }
        }.joined()
    }

    private static func operation(_ operation: ExtraOperation, id: String) -> StructuredValue {
        var object: StructuredObject = [
            "operationId": .string(id),
            "summary": .string(operation.summary),
            "tags": [.string(String(operation.name.prefix { $0 != "." }))],
        ]
        let parameters = operation.pattern.segments.compactMap(parameter)
        if !parameters.isEmpty { object.append(.array(parameters), forNewKey: "parameters") }
        object.append(
            [
                "default": [
                    "description": "The route's answer; an error is an `Error` document in the negotiated format",
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
                ]
            ], forNewKey: "responses")
        return .object(object)
    }

    private static func parameter(_ segment: RoutePattern.Segment) -> StructuredValue? {
        switch segment {
        case .literal:
            return nil
        case .parameter(let name, .int):
            return [
                "name": .string(name), "in": "path", "required": true,
                "schema": ["type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999],
            ]
        case .parameter(let name, _):
            return ["name": .string(name), "in": "path", "required": true, "schema": ["type": "string", "minLength": 1]]
        case .rest(let name):
            return [
                "name": .string(name), "in": "path", "required": true, "description": "The rest of the path; it may hold slashes",
                "schema": ["type": "string"],
            ]
        }
    }

    private static let errorSchema: StructuredValue = [
        "type": "object",
        "required": ["error"],
        "properties": [
            "error": [
                "type": "object",
                "required": ["status", "code", "message"],
                "properties": [
                    "status": ["type": "integer"],
                    "code": ["type": "string"],
                    "message": ["type": "string"],
                    "value": ["type": "string"],
                    "offset": ["type": "integer"],
                ],
            ]
        ],
    ]
}

extension OpenAPIDocument.ExtraOperation {
    /// What the document shows of a route: everything but its handler.
    package init(describing route: Route) {
        let methods: [HTTPMethod]?
        switch route.methods {
        case .any: methods = nil
        case .only(let list): methods = list
        }
        self.init(name: route.name, methods: methods, pattern: route.pattern, summary: route.summary)
    }
}

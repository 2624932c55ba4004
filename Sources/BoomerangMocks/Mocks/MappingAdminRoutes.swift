import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

/// The admin API of the mock mappings (docs/admin-api.md): list, add, read, replace, delete,
/// reset to the files, save the run-time ones to files, and reset the scenarios. Every route
/// checks the root's `AdminAccess`.
package enum MappingAdminRoutes {
    package static func register(in group: inout RouteGroup, store: MappingStore?) {
        func add(
            _ name: String, _ method: HTTPMethod, _ pattern: String, _ summary: String,
            _ answer: @escaping @Sendable (MappingStore, RouteRequest) throws(ServerError) -> any Responder
        ) {
            group.add(name, .only([method]), pattern, summary: summary) { request throws(ServerError) in
                guard let store else { throw ServerError(.mappingsDisabled, "mock mappings are off") }
                return try answer(store, request)
            }
        }
        add("mappings", .get, "/__admin/mappings", "The mock mappings in force, and the errors of the last load") { store, _ in
            FixedResponder(AdminJSON.response(list(store)))
        }
        add("mappings.add", .post, "/__admin/mappings", "Adds a mapping (JSON or YAML) until the next reset") { store, _ in
            AdminBodyResponder { body throws(ServerError) in
                let mapping = try store.add(try document(body))
                return AdminJSON.response(mapping.definition, status: 201)
            }
        }
        add("mappings.reset", .post, "/__admin/mappings/reset", "Drops run-time changes and reads the files again") { store, _ in
            store.reset()
            return FixedResponder(AdminJSON.response(list(store)))
        }
        add("mappings.save", .post, "/__admin/mappings/save", "Writes the run-time mappings to the mappings folder") { store, _ throws(ServerError) in
            let (written, removed) = try store.save()
            return FixedResponder(
                AdminJSON.response(["written": .array(written.map(StructuredValue.string)), "removed": .array(removed.map(StructuredValue.string))]))
        }
        add("mapping", .get, "/__admin/mappings/{id}", "One mapping as written") { store, request throws(ServerError) in
            FixedResponder(AdminJSON.response(try mapping(store, request).definition))
        }
        add("mapping.replace", .put, "/__admin/mappings/{id}", "Replaces a mapping until the next reset") { store, request in
            let id = request.parameters.string("id") ?? ""
            return AdminBodyResponder { body throws(ServerError) in
                AdminJSON.response(try store.replace(id: id, with: try document(body)).definition)
            }
        }
        add("mapping.delete", .delete, "/__admin/mappings/{id}", "Removes a mapping until the next reset") { store, request throws(ServerError) in
            let found = try mapping(store, request)
            try store.delete(id: found.id)
            return FixedResponder(AdminJSON.response(["deleted": .string(found.id)]))
        }
        add("scenarios", .get, "/__admin/scenarios", "The states of the stateful scenarios, by session") { store, _ in
            FixedResponder(AdminJSON.response(["scenarios": scenarios(store)]))
        }
        add("scenarios.reset", .post, "/__admin/scenarios/reset", "Puts every scenario back to Started, in every session") { store, _ in
            store.states.reset()
            return FixedResponder(AdminJSON.response(["scenarios": scenarios(store)]))
        }
    }

    private static func mapping(_ store: MappingStore, _ request: RouteRequest) throws(ServerError) -> MockMapping {
        let id = request.parameters.string("id") ?? ""
        guard let mapping = store.current.mappings.first(where: { $0.id == id }) else {
            throw ServerError(.mappingNotFound, "no mapping \(id)", value: id)
        }
        return mapping
    }

    /// A request body: one mapping in JSON or YAML.
    private static func document(_ body: [UInt8]) throws(ServerError) -> StructuredValue {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw ServerError(.invalidMapping, "the body is not UTF-8 text")
        }
        do {
            return try MappingDocument.parse(text, file: "(request body)").root
        } catch {
            throw ServerError(.invalidMapping, error.description, value: error.line.map(String.init))
        }
    }

    /// `GET /__admin/mappings`: WireMock's `mappings` and `meta.total`, then where each came from,
    /// the load errors, and when the files were read.
    package static func list(_ store: MappingStore) -> StructuredValue {
        let set = store.current
        let loaded: [StructuredValue] = set.mappings.map { mapping in
            var object: StructuredObject = [
                "id": .string(mapping.id), "route": .string(mapping.routeName), "priority": .int(Int64(mapping.priority)),
            ]
            switch mapping.source {
            case .file(let path, let line, _):
                object["file"] = .string(path)
                object["line"] = line.map { .int(Int64($0)) } ?? .null
            case .adminAPI:
                object["file"] = .null
                object["line"] = .null
            }
            return .object(object)
        }
        let errors: [StructuredValue] = set.errors.map { error in
            [
                "code": .string(error.code.name), "file": .string(error.file), "line": error.line.map { .int(Int64($0)) } ?? .null,
                "message": .string(error.message), "text": .string(error.description),
                "index": error.index.map { .int(Int64($0)) } ?? .null, "name": error.name.map(StructuredValue.string) ?? .null,
                "keepsPrevious": .bool(error.keepsPrevious),
            ]
        }
        return [
            "mappings": .array(set.mappings.map(\.definition)),
            "meta": ["total": .int(Int64(set.mappings.count))],
            "loaded": .array(loaded),
            "errors": .array(errors),
            "directory": store.directory.map(StructuredValue.string) ?? .null,
            "loadedAt": .string(WallClock.iso8601(set.loadedAt.timeIntervalSince1970)),
            "generation": .int(Int64(set.generation)),
        ]
    }

    private static func scenarios(_ store: MappingStore) -> StructuredValue {
        .array(store.states.snapshot().map { ["session": .string($0.session), "name": .string($0.scenario), "state": .string($0.state)] })
    }
}

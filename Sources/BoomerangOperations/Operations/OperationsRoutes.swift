import BoomerangExchange
import BoomerangMocks
import BoomerangRuntime
import BoomerangSerialization

/// `/__admin/health` for probes (no token: a load balancer or `docker` health check has none),
/// `/__admin/metrics` for Prometheus (behind the root's `AdminAccess` like the rest of the admin API) and
/// `/__admin/openapi.json`, the route table and the mock mappings in force as OpenAPI 3.
package enum OperationsRoutes {
    /// The routes the OpenAPI document describes, filled in once the table is complete. It keeps
    /// their descriptions, not the routes: the table holds the OpenAPI route, whose handler holds
    /// the catalog, and routes here would make a cycle that keeps every server's state for ever.
    package final class Catalog: Sendable {
        private let operations = Locked<[OpenAPIDocument.ExtraOperation]>([])

        package init() {}

        package func publish(_ list: [Route]) { operations.withLock { $0 = list.map(OpenAPIDocument.ExtraOperation.init(describing:)) } }
        package var current: [OpenAPIDocument.ExtraOperation] { operations.withLock { $0 } }
    }

    /// Registers `/__admin/health` and the OpenAPI document in `open`, which has no guard, and the
    /// metrics in `guarded`.
    package static func register(open: inout RouteGroup, guarded: inout RouteGroup, status: ServerStatus, catalog: Catalog, mappings: MappingStore?) {
        open.add("health", .only([.get]), "/__admin/health", summary: "Readiness, version and uptime, for probes (no token)") { _ in
            FixedResponder(AdminJSON.response(health(status)))
        }
        guarded.add("metrics", .only([.get]), "/__admin/metrics", summary: "Metrics in the Prometheus text format") { _ in
            let body = status.metrics.render(activeConnections: status.openConnections(), history: status.history)
            return FixedResponder(
                Response(
                    status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
                    body: body))
        }
        open.add("openapi", .only([.get]), "/__admin/openapi.json", summary: "Every route as an OpenAPI 3 document") { _ in
            let mapped = mappings?.current.mappings.compactMap(\.openAPIOperation) ?? []
            let document = OpenAPIDocument.make(routes: [], extra: catalog.current + mapped)
            let body = (try? JSONWriter(configuration: .pretty).write(document)) ?? []
            return FixedResponder(Response(status: 200, headers: ["Content-Type": "application/json"], body: body))
        }
    }

    package static func health(_ status: ServerStatus) -> StructuredValue {
        let usage = status.history?.usage
        let file = status.history?.fileStatus
        let mappings = status.mappings?.current
        return [
            "status": "ok",
            "version": .string(BoomerangVersion.current),
            "startedAt": .string(WallClock.iso8601(status.startedAtWallClock)),
            "uptimeSeconds": .double((status.uptimeSeconds * 1000).rounded() / 1000),
            "threads": .int(Int64(status.threads)),
            "connections": .int(Int64(status.openConnections())),
            "history": [
                "enabled": .bool(status.history != nil),
                "entries": .int(Int64(usage?.count ?? 0)),
                "file": file.map { .string($0.path) } ?? .null,
                "fileProblem": file?.problem.map(StructuredValue.string) ?? .null,
            ],
            // A mapping that did not load leaves the server serving: the count says so to CI.
            "mappings": [
                "inForce": .int(Int64(mappings?.mappings.count ?? 0)),
                "errors": .int(Int64(mappings?.errors.count ?? 0)),
            ],
        ]
    }
}

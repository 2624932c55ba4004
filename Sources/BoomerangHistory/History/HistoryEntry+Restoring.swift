import BoomerangRuntime
import BoomerangSerialization

extension HistoryEntry {
    /// An entry reloaded from a line of the history file; `nil` when the line lacks a summary field.
    package convenience init?(restoring object: StructuredObject, bytes: Int) {
        func string(_ key: String) -> String? { object[key]?.stringValue }
        func integer(_ key: String) -> Int? { object[key].flatMap(HistoryFile.integer) }
        guard let id = integer("id"), let session = string("session"), let method = string("method"),
            let target = string("target"), let path = string("path"), let status = integer("status"),
            let outcome = string("outcome").flatMap(Outcome.init(rawValue:)),
            let startedAt = string("startedAt").flatMap(WallClock.seconds(fromISO8601:))
        else { return nil }
        let summary = HistorySummary(
            session: session, requestID: string("requestId") ?? "", startedAt: startedAt,
            durationMicroseconds: integer("durationMicroseconds") ?? 0, outcome: outcome, method: method, target: target,
            path: path, status: status, route: string("route"), requestBodyBytes: Int64(integer("requestBodyBytes") ?? 0),
            responseBytes: integer("responseBytes") ?? 0, contentType: string("contentType"), client: string("client") ?? "",
            diagnosticCount: integer("diagnosticCount"))
        self.init(id: id, summary: summary, detail: .restored(object), approximateBytes: 256 + 2 * bytes)
    }
}

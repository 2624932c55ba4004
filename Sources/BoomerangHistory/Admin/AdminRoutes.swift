import BoomerangExchange
import BoomerangMocks
import BoomerangSerialization

/// The admin API under `/__admin/` (docs/admin-api.md): the history, its downloads and export,
/// the live feed and verification, registered in the admin group (which the history does not
/// record, and whose guard checks the root's `AdminAccess`).
package enum AdminRoutes {
    package static let prefix = "/__admin"

    package static func register(in group: inout RouteGroup, history: HistoryStore?) {
        func add(
            _ name: String, _ method: HTTPMethod, _ pattern: String, _ summary: String,
            _ answer: @escaping @Sendable (HistoryStore, RouteRequest) throws(ServerError) -> any Responder
        ) {
            group.add(name, .only([method]), pattern, summary: summary) { request throws(ServerError) in
                guard let history else {
                    throw ServerError(.historyDisabled, "the history is off (history: false)")
                }
                return try answer(history, request)
            }
        }
        add("requests", .get, "/__admin/requests", "The recorded exchanges, newest first, filtered and paged") { history, request throws(ServerError) in
            FixedResponder(try list(history, request))
        }
        add("clear", .delete, "/__admin/requests", "Clears the history, or one session's") { history, request in
            let session = AdminQuery.value("session", in: request.head.query)
            return FixedResponder(AdminJSON.response(["deleted": .int(Int64(history.clear(session: session)))]))
        }
        add("last", .get, "/__admin/requests/last", "The newest exchange in full") { history, request throws(ServerError) in
            let filter = try HistoryFilter(query: request.head.query)
            guard let entry = history.snapshot().last(where: filter.matches) else {
                throw ServerError(.exchangeNotFound, "no exchange recorded yet matches")
            }
            return FixedResponder(AdminJSON.response(entry.fullValue(options: history.configuration.echo)))
        }
        add("har", .get, "/__admin/requests.har", "The history as a HAR 1.2 document") { history, request throws(ServerError) in
            FixedResponder(try HARDocument.response(history, query: request.head.query))
        }
        add("exchange", .get, "/__admin/requests/{id}", "One exchange in full") { history, request throws(ServerError) in
            FixedResponder(AdminJSON.response(try entry(history, request).fullValue(options: history.configuration.echo)))
        }
        add("body", .get, "/__admin/requests/{id}/body", "The request body, as a download") { history, request throws(ServerError) in
            FixedResponder(try AdminDownloads.body(try entry(history, request)))
        }
        add("raw", .get, "/__admin/requests/{id}/raw", "The request as received") { history, request throws(ServerError) in
            FixedResponder(AdminDownloads.raw(try entry(history, request)))
        }
        add("part", .get, "/__admin/requests/{id}/parts/{n}", "One multipart part, as a download") { history, request throws(ServerError) in
            let index = try request.parameters.int("n", in: 0...Int(Int32.max))
            return FixedResponder(try AdminDownloads.part(try entry(history, request), index: index, options: history.configuration.echo))
        }
        add("sessions", .get, "/__admin/sessions", "The sessions in the history, with counts") { history, _ in
            FixedResponder(sessions(history))
        }
        add("events", .get, "/__admin/events", "New exchanges as server-sent events (long poll)") { history, request throws(ServerError) in
            try AdminEvents.responder(history, request)
        }
        add("count", .post, "/__admin/requests/count", "How many exchanges match a request pattern") { history, request in
            AdminVerification.responder(history, request, finding: false)
        }
        add("find", .post, "/__admin/requests/find", "The exchanges that match a request pattern") { history, request in
            AdminVerification.responder(history, request, finding: true)
        }
    }

    private static func list(_ history: HistoryStore, _ request: RouteRequest) throws(ServerError) -> Response {
        let filter = try HistoryFilter(query: request.head.query)
        let (entries, newestID) = history.snapshotWithNewestID()
        var matches: [HistoryEntry] = []
        for entry in entries.reversed() where filter.matches(entry) { matches.append(entry) }
        let page = matches.dropFirst(filter.offset).prefix(filter.limit)
        let options = history.configuration.echo
        return AdminJSON.response([
            "total": .int(Int64(matches.count)),
            "offset": .int(Int64(filter.offset)),
            "limit": .int(Int64(filter.limit)),
            "newestId": .int(Int64(newestID)),
            "requests": .array(page.map { $0.summaryValue(options: options) }),
        ])
    }

    private static func entry(_ history: HistoryStore, _ request: RouteRequest) throws(ServerError) -> HistoryEntry {
        let id = try request.parameters.int("id", in: 0...Int.max)
        guard let entry = history.entry(id: id) else {
            throw ServerError(.exchangeNotFound, "no exchange \(id) in the history (never recorded, dropped or cleared)", value: String(id))
        }
        return entry
    }

    private static func sessions(_ history: HistoryStore) -> Response {
        var counts: [String: (count: Int, newest: Int)] = [:]
        for entry in history.snapshot() {
            let current = counts[entry.summary.session] ?? (0, 0)
            counts[entry.summary.session] = (current.count + 1, max(current.newest, entry.id))
        }
        let list = counts.keys.sorted().map { name -> StructuredValue in
            ["name": .string(name), "count": .int(Int64(counts[name]!.count)), "newestId": .int(Int64(counts[name]!.newest))]
        }
        return AdminJSON.response(["sessions": .array(list)])
    }
}

extension ServerError.Code {
    /// No exchange with that id is in the history.
    public static let exchangeNotFound = Self("exchangeNotFound", status: 404)
    /// The history is off.
    public static let historyDisabled = Self("historyDisabled", status: 404)
}

import BoomerangExchange
import BoomerangSerialization

/// `GET /__admin/events`: the live feed as server-sent events on a connection held open
/// (``LiveEventStream``), or, with `?wait=`, as a long poll for clients that need every answer
/// to end: one `text/event-stream` answer holding the events after `Last-Event-ID`, at once when
/// there are some, else after `wait` seconds with only the cursor, starting with `retry: 0`.
package enum AdminEvents {
    /// The longest `wait`, in seconds.
    package static let maxWaitSeconds = 30.0

    package static func responder(_ history: HistoryStore, _ request: RouteRequest) throws(ServerError) -> any Responder {
        let head = request.head
        let session = AdminQuery.value("session", in: head.query)
        if let session, !SessionName.isValid(session[...]) {
            throw ServerError(.invalidParameter, "session must be 1–64 characters of A-Z a-z 0-9 . _ -", value: session)
        }
        var lastEventID: Int?
        if let text = head.headers["Last-Event-ID"] ?? AdminQuery.value("lastEventId", in: head.query), !text.isEmpty {
            lastEventID = try AdminQuery.integer(text.trimmingSpaces(), name: "Last-Event-ID", in: 0...Int.max)
        }
        guard let text = AdminQuery.value("wait", in: head.query) else {
            var response = Response(
                status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store"])
            response.bodyStream = LiveEventStream(history: history, session: session, lastEventID: lastEventID)
            return FixedResponder(response)
        }
        guard let wait = Double(text), wait >= 0, wait <= maxWaitSeconds else {
            throw ServerError(.invalidParameter, "wait must be a number of seconds from 0 to \(Int(maxWaitSeconds))", value: text)
        }
        let newest = history.newestID
        var after = lastEventID ?? newest
        if after > newest { after = 0 }
        let entries = history.entries(after: after, session: session)
        var body = EventStreamFormat.retry(milliseconds: 0)
        var response = Response(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store"])
        if entries.isEmpty {
            body += EventStreamFormat.comment("no new exchanges")
            body += EventStreamFormat.cursor(after)
            response.delayMilliseconds = Int(wait * 1000)
        } else {
            let options = history.configuration.echo
            for entry in entries { body += EventStreamFormat.encode(.exchange(entry), options: options) }
        }
        response.body = body
        return FixedResponder(response)
    }
}

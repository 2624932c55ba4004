import BoomerangSerialization

/// `GET /__admin/events` as a long poll, until streamed response bodies are available: one
/// `text/event-stream` answer holding the events after `Last-Event-ID`, at once when there are
/// some, else after `wait` seconds with only the cursor. It starts with `retry: 0`, so an
/// `EventSource` asks again at once, sending the last id itself.
///
/// The connection cannot be woken before `wait` ends, so an event that arrives while an empty
/// answer is held reaches the client with the next request: latency is at most `wait`.
enum AdminEvents {
    /// How long an empty answer is held by default, in seconds.
    static let defaultWaitSeconds = 0.5
    /// The longest `wait`, in seconds.
    static let maxWaitSeconds = 30.0

    static func responder(_ history: HistoryStore, _ request: RouteRequest) throws(ServerError) -> any Responder {
        let head = request.head
        let session = AdminQuery.value("session", in: head.query)
        if let session, !SessionName.isValid(session[...]) {
            throw ServerError(.invalidParameter, "session must be 1–64 characters of A-Z a-z 0-9 . _ -", value: session)
        }
        var lastEventID: Int?
        if let text = head.headers["Last-Event-ID"] ?? AdminQuery.value("lastEventId", in: head.query), !text.isEmpty {
            lastEventID = try AdminQuery.integer(text.trimmingSpaces(), name: "Last-Event-ID", in: 0...Int.max)
        }
        var wait = defaultWaitSeconds
        if let text = AdminQuery.value("wait", in: head.query) {
            guard let seconds = Double(text), seconds >= 0, seconds <= maxWaitSeconds else {
                throw ServerError(.invalidParameter, "wait must be a number of seconds from 0 to \(Int(maxWaitSeconds))", value: text)
            }
            wait = seconds
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

/// One request and its response on a connection: what the access log and the history record.
struct Exchange {
    let context: RequestContext
    var bodyBytes: Int64 = 0
    var status = 0
    var responseBytes = 0
    /// The name of the route or mapping that answered; `nil` when none did.
    var route: String?
    /// The history's wrapper of the responder, when the exchange is recorded.
    var recording: RecordingResponder?

    init(context: RequestContext) {
        self.context = context
    }
}

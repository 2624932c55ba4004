import BoomerangExchange
import BoomerangSerialization

extension RequestContext {
    /// The longest client `X-Request-ID` that is kept.
    package static let maxClientRequestIDBytes = 200

    /// The id the echo reports (`requestId` and `X-Request-Id`) and the history records its entry
    /// under (`requestId`), so that a client finds its exchange by the id it sent: the client's own
    /// `X-Request-ID` when it sent one that is 1 to ``maxClientRequestIDBytes`` bytes of visible
    /// ASCII, else the server's ``requestID``.
    package var echoedRequestID: String {
        guard let sent = head.headers["X-Request-ID"], !sent.isEmpty, sent.utf8.count <= Self.maxClientRequestIDBytes,
            sent.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return requestID }
        return sent
    }
}

/// One request and its response on a connection: what the access log and the history record.
public struct Exchange {
    public let context: RequestContext
    public var bodyBytes: Int64 = 0
    public var status = 0
    public var responseBytes = 0
    /// The body bytes of a streamed response sent so far, before any chunk framing.
    public var streamedBodyBytes = 0
    /// The name of the route or mapping that answered; `nil` when none did.
    public var route: String?
    /// What the history gathers while the exchange runs, when it is recorded.
    public var recording: ExchangeRecording?

    public init(context: RequestContext) {
        self.context = context
    }

    /// Where an exchange stood when its client left.
    public enum AbortPhase: String, Sendable {
        /// The request body was still arriving.
        case body
        /// The request was complete and its response held back by a delay; nothing was sent.
        case delay
        /// The response was being sent (a stream); its history entry keeps what was sent.
        case response
    }

    /// Why an exchange ended before it was complete.
    public enum EndCause: String, Sendable {
        /// The client closed or reset the connection.
        case clientClosed
        /// The client stopped reading the response, and the server closed the connection when
        /// its write timeout passed.
        case writeTimeout
        /// The server stopped: its shutdown timeout passed before the exchange was complete.
        case serverStopped

        /// How the access log names an exchange that ended this way.
        public var logWord: String {
            switch self {
            case .clientClosed: "aborted"
            case .writeTimeout: "write-timeout"
            case .serverStopped: "server-stopped"
            }
        }
    }
}

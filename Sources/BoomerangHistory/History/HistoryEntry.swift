import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization
import BoomerangWire
import Synchronization

/// One recorded exchange, immutable and shared by every loop and the admin API.
///
/// The summary fields are plain values taken when the exchange ends; everything else is kept
/// as the values the connection and the echo already built (``Detail``) and rendered only when
/// read. An entry reloaded from a history file keeps its rendered form instead.
package final class HistoryEntry: Sendable {
    /// How an exchange ended.
    package enum Outcome: String, Sendable, CaseIterable {
        /// A response was written.
        case complete
        /// The client went away before the request was complete.
        case clientAborted
        /// The server refused the request: the framing rules, or a timeout.
        case refused
        /// The server stopped before the exchange was complete (its shutdown timeout passed).
        case interrupted
        /// A TLS handshake did not finish: no request came.
        case handshakeFailed
    }

    /// What is known beyond the summary.
    package enum Detail: Sendable {
        /// Recorded by this process.
        case live(RecordedExchange)
        /// Reloaded from a history file: the entry as it was rendered then.
        case restored(StructuredObject)
    }

    /// Given by the store under its lock before the entry is published anywhere, and never
    /// changed after: every reader gets the entry through that lock.
    nonisolated(unsafe) private(set) var id: Int
    package let summary: HistorySummary
    package let detail: Detail
    /// What the entry is taken to cost in memory, for the history's byte bound.
    package let approximateBytes: Int
    /// The decoded view and diagnostics, derived on first read for entries that did not get
    /// them from the echo: one word in the entry until then (an inline optional view would be
    /// destroyed field by field when the entry is dropped, read or not).
    private let derivedCache = AtomicLazyReference<DerivedBox>()

    private final class DerivedBox: Sendable {
        let view: HistoryDerivedView
        init(_ view: HistoryDerivedView) { self.view = view }
    }

    package init(id: Int = 0, summary: HistorySummary, detail: Detail, approximateBytes: Int) {
        self.id = id
        self.summary = summary
        self.detail = detail
        self.approximateBytes = approximateBytes
    }

    /// Sets the id; only ``HistoryStore`` calls this, under its lock, before publishing the entry.
    package func assign(id: Int) {
        self.id = id
    }

    /// The derived view, computed once.
    package func derived(_ make: () -> HistoryDerivedView) -> HistoryDerivedView {
        if let cached = derivedCache.load() { return cached.view }
        return derivedCache.storeIfNil(DerivedBox(make())).view
    }
}

/// The fields of an entry every list, filter and event shows.
package struct HistorySummary: Sendable {
    package var session: String
    package var requestID: String
    /// Seconds since 1970 when the request head was complete.
    package var startedAt: Double
    package var durationMicroseconds: Int
    package var outcome: HistoryEntry.Outcome
    package var method: String
    package var target: String
    /// The routed path: the target's path without the session prefix.
    package var path: String
    package var status: Int
    package var route: String?
    package var requestBodyBytes: Int64
    package var responseBytes: Int
    package var contentType: String?
    package var client: String
    /// Set when the diagnostics are known at record time; otherwise counted on first read.
    package var diagnosticCount: Int?
}

/// An exchange as the connection and the echo left it, held inline by its entry: recording a
/// plain exchange allocates the entry alone. What most exchanges do not have is boxed, so that the
/// entry stays small: dropping the oldest touches fewer cache lines of memory long unused.
package struct RecordedExchange: Sendable {
    /// The request head as received and the response head as sent; `nil` for a refusal before a
    /// head was complete.
    package let heads: RecordedHeads?
    package let loopIndex: Int
    package let body: RecordedBody
    package let response: RecordedResponse?
    private let rare: Rare?

    /// The parts an exchange seldom has, in one box.
    private final class Rare: Sendable {
        let redactedHeaders: [String]
        let echo: EchoRecord?
        let refusal: RecordedRefusal?
        let abort: RecordedAbort?
        let derived: HistoryDerivedView?
        let security: TransportSecurity?
        let stream: HTTP2Stream?
        let handshakeFailure: HandshakeFailure?

        init(
            redactedHeaders: [String], echo: EchoRecord?, refusal: RecordedRefusal?, abort: RecordedAbort?,
            derived: HistoryDerivedView?, security: TransportSecurity?, stream: HTTP2Stream?, handshakeFailure: HandshakeFailure?
        ) {
            self.security = security
            self.stream = stream
            self.handshakeFailure = handshakeFailure
            self.redactedHeaders = redactedHeaders
            self.echo = echo
            self.refusal = refusal
            self.abort = abort
            self.derived = derived
        }
    }

    /// The head's bytes as received (sensitive values redacted; written again from the parsed
    /// head when the parser kept none).
    package var rawHead: [UInt8]? { heads?.request }
    /// The head the history shows, redacted when needed; `nil` for a refusal before a head was complete.
    package var head: HTTPRequestHead? { rawHead.flatMap(Self.parse) }
    package var redactedHeaders: [String] { rare?.redactedHeaders ?? [] }
    /// The echo's document and multipart parts, when the echo answered and nothing was redacted.
    package var echo: EchoRecord? { rare?.echo }
    package var refusal: RecordedRefusal? { rare?.refusal }
    package var abort: RecordedAbort? { rare?.abort }
    /// The view derived at record time (when headers were redacted and the echo document, which
    /// holds them, is not kept).
    package var derived: HistoryDerivedView? { rare?.derived }
    /// What TLS said about the connection; nil for plain HTTP.
    package var security: TransportSecurity? { rare?.security }
    /// The HTTP/2 stream that carried the request; nil over HTTP/1.x.
    package var stream: HTTP2Stream? { rare?.stream }
    /// The handshake that failed, for an entry of that outcome.
    package var handshakeFailure: HandshakeFailure? { rare?.handshakeFailure }

    /// The same exchange with another response and abort: a response that did not leave whole.
    package func replacing(response: RecordedResponse?, abort: RecordedAbort) -> RecordedExchange {
        RecordedExchange(
            heads: heads, redactedHeaders: redactedHeaders, loopIndex: loopIndex, body: body, echo: echo, response: response,
            refusal: refusal, abort: abort, derived: derived, security: security, stream: stream, handshakeFailure: handshakeFailure)
    }

    /// Reads kept head bytes back; the head limits are lifted, since the server took them once.
    package static func parse(_ raw: [UInt8]) -> HTTPRequestHead? {
        var configuration = HTTPParserConfiguration()
        configuration.maxRequestLineBytes = 1 << 40
        configuration.maxHeaderBytes = 1 << 40
        configuration.maxHeaderCount = 1 << 30
        configuration.maxBodyBytes = 1 << 62
        configuration.keepsRawHead = true
        configuration.acceptsHTTP2Heads = true
        configuration.allowsMissingHost = true
        var parser = HTTPRequestParser(configuration: configuration)
        guard case (.head(let head)?, _)? = raw.withUnsafeBytes({ try? parser.parse($0) }) else { return nil }
        return head
    }

    package init(
        heads: RecordedHeads? = nil, redactedHeaders: [String] = [], loopIndex: Int,
        body: RecordedBody, echo: EchoRecord? = nil, response: RecordedResponse? = nil, refusal: RecordedRefusal? = nil,
        abort: RecordedAbort? = nil, derived: HistoryDerivedView? = nil, security: TransportSecurity? = nil,
        stream: HTTP2Stream? = nil, handshakeFailure: HandshakeFailure? = nil
    ) {
        self.heads = heads
        self.loopIndex = loopIndex
        self.body = body
        self.response = response
        let isPlain = redactedHeaders.isEmpty && echo == nil && refusal == nil && abort == nil && derived == nil && security == nil
            && stream == nil && handshakeFailure == nil
        rare =
            isPlain
            ? nil
            : Rare(
                redactedHeaders: redactedHeaders, echo: echo, refusal: refusal, abort: abort, derived: derived, security: security,
                stream: stream, handshakeFailure: handshakeFailure)
    }
}

/// What the history keeps of a request body.
package struct RecordedBody: Sendable {
    /// The whole body when ``isWhole``, else its first bytes.
    package var bytes: [UInt8] = []
    package var size: Int64 = 0
    package var isWhole = true
    /// Known when the echo or the capture hashed the body; otherwise computed from a whole body.
    package var sha256: String?
    package var contentType: String?
}

/// The response as written; its head is in the exchange's ``RecordedHeads``.
package struct RecordedResponse: Sendable {
    package var status: Int
    package var bodyBytes: Int
    /// Bytes written, head included.
    package var bytes: Int
    /// The body when it was small enough and held no redacted value.
    package var body: [UInt8]?
    /// How to write the body again when it was not kept because the echo can reproduce it.
    package var replay: (any ResponseBodyReplay)?
    /// The ``TransportFault`` the response asked for, by name: what was sent is not this response.
    package var fault: String?
}

/// Why the server refused a request.
package struct RecordedRefusal: Sendable {
    package var code: String
    package var status: Int
    package var message: String
    package var offset: Int?
    /// The bytes of the read in which the request was refused, up to the body cap.
    package var raw: [UInt8]
    package var rawTruncated: Bool
}

/// Where an exchange ended before it was complete, and why.
package struct RecordedAbort: Sendable {
    package var phase: String
    /// An ``Exchange/EndCause`` raw value.
    package var cause: String
    package var expectedBodyBytes: Int64?
    package var receivedBodyBytes: Int64
}

/// The echo's decoded view of a request and its diagnostics, derived once.
package struct HistoryDerivedView: Sendable {
    package var decoded: StructuredObject
    package var diagnostics: [StructuredValue]
    package var parts: [MultipartCollector.Part]
    package var bodyKind: BodyCollector.Kind
    package var bodySHA256: String?
}

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
final class HistoryEntry: Sendable {
    /// How an exchange ended.
    enum Outcome: String, Sendable, CaseIterable {
        /// A response was written.
        case complete
        /// The client went away before the request was complete.
        case clientAborted
        /// The server refused the request: the framing rules, or a timeout.
        case refused
        /// The server stopped before the exchange was complete (its shutdown timeout passed).
        case interrupted
    }

    /// What is known beyond the summary.
    enum Detail: Sendable {
        /// Recorded by this process.
        case live(RecordedExchange)
        /// Reloaded from a history file: the entry as it was rendered then.
        case restored(StructuredObject)
    }

    /// Given by the store under its lock before the entry is published anywhere, and never
    /// changed after: every reader gets the entry through that lock.
    nonisolated(unsafe) private(set) var id: Int
    let summary: HistorySummary
    let detail: Detail
    /// What the entry is taken to cost in memory, for the history's byte bound.
    let approximateBytes: Int
    /// The decoded view and diagnostics, derived on first read for entries that did not get
    /// them from the echo: one word in the entry until then (an inline optional view would be
    /// destroyed field by field when the entry is dropped, read or not).
    private let derivedCache = AtomicLazyReference<DerivedBox>()

    private final class DerivedBox: Sendable {
        let view: HistoryDerivedView
        init(_ view: HistoryDerivedView) { self.view = view }
    }

    init(id: Int = 0, summary: HistorySummary, detail: Detail, approximateBytes: Int) {
        self.id = id
        self.summary = summary
        self.detail = detail
        self.approximateBytes = approximateBytes
    }

    /// Sets the id; only ``HistoryStore`` calls this, under its lock, before publishing the entry.
    func assign(id: Int) {
        self.id = id
    }

    /// The derived view, computed once.
    func derived(_ make: () -> HistoryDerivedView) -> HistoryDerivedView {
        if let cached = derivedCache.load() { return cached.view }
        return derivedCache.storeIfNil(DerivedBox(make())).view
    }
}

/// The fields of an entry every list, filter and event shows.
struct HistorySummary: Sendable {
    var session: String
    var requestID: String
    /// Seconds since 1970 when the request head was complete.
    var startedAt: Double
    var durationMicroseconds: Int
    var outcome: HistoryEntry.Outcome
    var method: String
    var target: String
    /// The routed path: the target's path without the session prefix.
    var path: String
    var status: Int
    var route: String?
    var requestBodyBytes: Int64
    var responseBytes: Int
    var contentType: String?
    var client: String
    /// Set when the diagnostics are known at record time; otherwise counted on first read.
    var diagnosticCount: Int?
}

/// An exchange as the connection and the echo left it, held inline by its entry: recording a
/// plain exchange allocates the entry alone. What most exchanges do not have is boxed, so that the
/// entry stays small: dropping the oldest touches fewer cache lines of memory long unused.
struct RecordedExchange: Sendable {
    /// The request head as received and the response head as sent; `nil` for a refusal before a
    /// head was complete.
    let heads: RecordedHeads?
    let loopIndex: Int
    let body: RecordedBody
    let response: RecordedResponse?
    private let rare: Rare?

    /// The parts an exchange seldom has, in one box.
    private final class Rare: Sendable {
        let redactedHeaders: [String]
        let echo: EchoRecord?
        let refusal: RecordedRefusal?
        let abort: RecordedAbort?
        let derived: HistoryDerivedView?

        init(
            redactedHeaders: [String], echo: EchoRecord?, refusal: RecordedRefusal?, abort: RecordedAbort?,
            derived: HistoryDerivedView?
        ) {
            self.redactedHeaders = redactedHeaders
            self.echo = echo
            self.refusal = refusal
            self.abort = abort
            self.derived = derived
        }
    }

    /// The head's bytes as received (sensitive values redacted; written again from the parsed
    /// head when the parser kept none).
    var rawHead: [UInt8]? { heads?.request }
    /// The head the history shows, redacted when needed; `nil` for a refusal before a head was complete.
    var head: HTTPRequestHead? { rawHead.flatMap(Self.parse) }
    var redactedHeaders: [String] { rare?.redactedHeaders ?? [] }
    /// The echo's document and multipart parts, when the echo answered and nothing was redacted.
    var echo: EchoRecord? { rare?.echo }
    var refusal: RecordedRefusal? { rare?.refusal }
    var abort: RecordedAbort? { rare?.abort }
    /// The view derived at record time (when headers were redacted and the echo document, which
    /// holds them, is not kept).
    var derived: HistoryDerivedView? { rare?.derived }

    /// The same exchange with another response and abort: a response that did not leave whole.
    func replacing(response: RecordedResponse?, abort: RecordedAbort) -> RecordedExchange {
        RecordedExchange(
            heads: heads, redactedHeaders: redactedHeaders, loopIndex: loopIndex, body: body, echo: echo, response: response,
            refusal: refusal, abort: abort, derived: derived)
    }

    /// Reads kept head bytes back; the head limits are lifted, since the server took them once.
    static func parse(_ raw: [UInt8]) -> HTTPRequestHead? {
        var configuration = HTTPParserConfiguration()
        configuration.maxRequestLineBytes = 1 << 40
        configuration.maxHeaderBytes = 1 << 40
        configuration.maxHeaderCount = 1 << 30
        configuration.maxBodyBytes = 1 << 62
        configuration.keepsRawHead = true
        var parser = HTTPRequestParser(configuration: configuration)
        guard case (.head(let head)?, _)? = raw.withUnsafeBytes({ try? parser.parse($0) }) else { return nil }
        return head
    }

    init(
        heads: RecordedHeads? = nil, redactedHeaders: [String] = [], loopIndex: Int,
        body: RecordedBody, echo: EchoRecord? = nil, response: RecordedResponse? = nil, refusal: RecordedRefusal? = nil,
        abort: RecordedAbort? = nil, derived: HistoryDerivedView? = nil
    ) {
        self.heads = heads
        self.loopIndex = loopIndex
        self.body = body
        self.response = response
        let isPlain = redactedHeaders.isEmpty && echo == nil && refusal == nil && abort == nil && derived == nil
        rare =
            isPlain
            ? nil : Rare(redactedHeaders: redactedHeaders, echo: echo, refusal: refusal, abort: abort, derived: derived)
    }
}

/// What the history keeps of a request body.
struct RecordedBody: Sendable {
    /// The whole body when ``isWhole``, else its first bytes.
    var bytes: [UInt8] = []
    var size: Int64 = 0
    var isWhole = true
    /// Known when the echo or the capture hashed the body; otherwise computed from a whole body.
    var sha256: String?
    var contentType: String?
}

/// The response as written; its head is in the exchange's ``RecordedHeads``.
struct RecordedResponse: Sendable {
    var status: Int
    var bodyBytes: Int
    /// Bytes written, head included.
    var bytes: Int
    /// The body when it was small enough and held no redacted value.
    var body: [UInt8]?
    /// How to write the body again when it was not kept because the echo can reproduce it.
    var replay: (any ResponseBodyReplay)?
    /// The ``TransportFault`` the response asked for, by name: what was sent is not this response.
    var fault: String?
}

/// Why the server refused a request.
struct RecordedRefusal: Sendable {
    var code: String
    var status: Int
    var message: String
    var offset: Int?
    /// The bytes of the read in which the request was refused, up to the body cap.
    var raw: [UInt8]
    var rawTruncated: Bool
}

/// Where an exchange ended before it was complete, and why.
struct RecordedAbort: Sendable {
    var phase: String
    /// An ``Exchange/EndCause`` raw value.
    var cause: String
    var expectedBodyBytes: Int64?
    var receivedBodyBytes: Int64
}

/// The echo's decoded view of a request and its diagnostics, derived once.
struct HistoryDerivedView: Sendable {
    var decoded: StructuredObject
    var diagnostics: [StructuredValue]
    var parts: [MultipartCollector.Part]
    var bodyKind: BodyCollector.Kind
    var bodySHA256: String?
}

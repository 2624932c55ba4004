import BoomerangSerialization

/// A sans-I/O, strict HTTP/1.1 request parser ([RFC 9112](https://www.rfc-editor.org/rfc/rfc9112)).
///
/// Feed it the bytes of a connection in pieces of any size and pull one event at a time:
///
/// ```swift
/// var parser = HTTPRequestParser()
/// var pending = received[...]                // bytes not consumed yet
/// while true {
///     let (event, consumed) = try pending.withUnsafeBytes { try parser.parse($0) }
///     // handle event: .head, .body(range into the buffer just passed), .end
///     pending = pending.dropFirst(consumed)
///     if event == nil { break }               // all consumed: wait for more bytes
/// }
/// ```
///
/// After `.end`, the next call starts the next pipelined request. A partial head (or chunk-size
/// line) is buffered inside the parser, bounded by the limits of ``HTTPParserConfiguration``;
/// body bytes are never copied: `.body` points into the buffer passed to that call. Each
/// check of RFC 9112 is applied strictly unless the configuration names a leniency. After an
/// error, every further call throws the same error: answer with ``HTTPParseError/status`` and close.
///
/// Decisions where the RFCs leave a choice:
/// - Unknown methods (and lowercase `get`) are parsed; the router answers 405/501.
/// - Origin-form, absolute-form, authority-form and `*` targets are all accepted as syntax.
/// - Empty lines before a request line fail (400) unless ``HTTPParserConfiguration/ignoresLeadingEmptyLines``.
/// - Repeated Content-Length fields with the same number are accepted (all fields are kept in
///   the headers); different numbers fail with 400.
/// - Transfer-Encoding must be exactly `chunked` (any case, OWS trimmed); other well-formed
///   codings get 501, malformed lists 400.
/// - HEAD with Content-Length > 0 or Transfer-Encoding fails with 400; any other method may
///   carry a body.
/// - `Expect: 100-continue` is ignored on HTTP/1.0; any other expectation gets 417.
/// - A chunk size beyond `Int64.max` gets 413; chunk extensions are checked for control bytes,
///   capped, and dropped; bare LF is never accepted in chunk framing.
/// - Trailers are parsed with the header rules and limits (they share the byte and count budget
///   of the head) and dropped unless ``HTTPParserConfiguration/keepsTrailers``; they are never
///   merged into the head's headers.
public struct HTTPRequestParser: Sendable {
    /// What the parser found.
    public enum Event: Sendable, Equatable {
        /// A complete request head.
        case head(HTTPRequestHead)
        /// Body bytes: indices into the input buffer passed to this call.
        case body(Range<Int>)
        /// The message is complete. Trailers are empty unless ``HTTPParserConfiguration/keepsTrailers`` is set.
        case end(trailers: HTTPHeaders)
    }

    enum State: Sendable {
        case requestLine
        case headerLines
        case fixedBody(remaining: Int64)
        case chunkSizeLine
        case chunkData(remaining: Int64)
        case chunkDataEnd(sawCR: Bool)
        case trailerLines
        case complete
        case failed
    }

    /// The limits and leniencies in use.
    public let configuration: HTTPParserConfiguration
    var state = State.requestLine
    /// The error that stopped the parser, repeated by every later call.
    var failure: HTTPParseError?
    /// Bytes of an unfinished line, kept across calls.
    var partialLine: [UInt8] = []
    /// Bytes of the current message consumed by earlier calls.
    var messageConsumed = 0
    /// Bytes of the head and trailer sections so far.
    var sectionBytes = 0
    /// Header plus trailer fields so far.
    var fieldCount = 0
    /// Fields in the current section (head or trailers), for obs-fold.
    var sectionFieldCount = 0
    /// Body bytes announced by chunk sizes so far.
    var bodyBytes: Int64 = 0
    var chunkLine = ChunkLine()
    /// The head just completed, until `step` hands it out.
    var completedHead: HTTPRequestHead?
    /// Chunk-extension bytes of the current message so far.
    var chunkExtensionBytes = 0
    /// The head's bytes so far, when ``HTTPParserConfiguration/keepsRawHead`` is set.
    var rawHead: [UInt8] = []
    /// Where the raw head bytes not yet copied into `rawHead` lie in the input of the current
    /// `parse` call (no run when `rawRunStart` is negative).
    var rawRunStart = -1
    var rawRunEnd = 0

    // The head being read.
    var method = HTTPMethod.get
    var target = ""
    var version = HTTPVersion.http1_1
    var isHead = false
    var headers = HTTPHeaders()
    var trailers = HTTPHeaders()
    var contentLength: Int64?
    var contentLengthOffset = 0
    var transferEncodingOffset: Int?
    var hostSeen = false
    var expectsContinue = false
    var connectionClose = false
    var connectionKeepAlive = false
    var connectionUpgrade = false
    var lastFieldIsFraming = false

    /// Creates a parser waiting for the first request.
    public init(configuration: HTTPParserConfiguration = .init()) {
        self.configuration = configuration
    }

    /// True between messages: nothing of the next request has been consumed yet.
    public var isIdle: Bool {
        if case .requestLine = state {
            return messageConsumed == 0 && partialLine.isEmpty
        }
        return false
    }

    /// Parses from the start of `input`.
    ///
    /// - Parameter input: the bytes not yet consumed, followed by any new bytes.
    /// - Returns: at most one event and how many bytes of `input` were consumed. A nil event means
    ///   all of `input` was consumed and more bytes are needed. The caller drops `consumed` bytes
    ///   and calls again, with the rest and/or new bytes, until the event is nil. `.end` may come
    ///   with `consumed` 0, even from an empty input.
    /// - Throws: ``HTTPParseError`` when the request is malformed or exceeds a limit.
    public mutating func parse(_ input: UnsafeRawBufferPointer) throws(HTTPParseError) -> (event: Event?, consumed: Int) {
        if let failure { throw failure }
        var position = 0
        do {
            let event = try step(input, &position)
            flushRawHeadRun(input)
            if case .end = event {
                resetMessage()
            } else {
                messageConsumed += position
            }
            return (event, position)
        } catch {
            rawRunStart = -1
            state = .failed
            failure = error
            throw error
        }
    }

    /// Tells the parser that the peer closed its side.
    ///
    /// - Throws: ``HTTPParseError/Code/truncatedMessage`` when a message was in progress (a
    ///   partial head, or a body shorter than announced), or the earlier error if parsing failed.
    public mutating func finish() throws(HTTPParseError) {
        if let failure { throw failure }
        switch state {
        case .complete:
            return
        case .requestLine where isIdle:
            return
        default:
            let error = HTTPParseError(
                code: .truncatedMessage,
                value: HTTPParseError.excerpt(partialLine),
                offset: messageConsumed
            )
            state = .failed
            failure = error
            throw error
        }
    }

    private mutating func step(_ input: UnsafeRawBufferPointer, _ position: inout Int) throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .failed:
                preconditionFailure("parse after failure")
            case .complete:
                return .end(trailers: trailers)
            case .fixedBody(let remaining):
                let available = input.count - position
                guard available > 0 else { return nil }
                let count = Int(min(Int64(available), remaining))
                state = remaining == Int64(count) ? .complete : .fixedBody(remaining: remaining - Int64(count))
                let range = position..<(position + count)
                position += count
                return .body(range)
            case .chunkData(let remaining):
                let available = input.count - position
                guard available > 0 else { return nil }
                let count = Int(min(Int64(available), remaining))
                state = remaining == Int64(count)
                    ? .chunkDataEnd(sawCR: false) : .chunkData(remaining: remaining - Int64(count))
                let range = position..<(position + count)
                position += count
                return .body(range)
            case .chunkDataEnd(let sawCR):
                guard position < input.count else { return nil }
                let byte = input[position]
                if byte == (sawCR ? HTTPSyntax.lf : HTTPSyntax.cr) {
                    position += 1
                    state = sawCR ? .chunkSizeLine : .chunkDataEnd(sawCR: true)
                } else {
                    throw HTTPParseError(
                        code: .missingChunkTerminator,
                        value: HTTPParseError.excerpt(input[position...]),
                        offset: messageConsumed + position
                    )
                }
            case .chunkSizeLine:
                guard try readChunkSizeLine(input, &position) else { return nil }
            case .requestLine, .headerLines, .trailerLines:
                switch try readLine(input, &position) {
                case .needsMore:
                    return nil
                case .handled:
                    break
                case .headComplete:
                    let head = completedHead.take()!
                    return .head(head)
                }
            }
        }
    }

    private mutating func resetMessage() {
        state = .requestLine
        messageConsumed = 0
        sectionBytes = 0
        fieldCount = 0
        sectionFieldCount = 0
        bodyBytes = 0
        chunkExtensionBytes = 0
        target = ""
        headers = HTTPHeaders()
        trailers = HTTPHeaders()
        contentLength = nil
        transferEncodingOffset = nil
        hostSeen = false
        expectsContinue = false
        connectionClose = false
        connectionKeepAlive = false
        connectionUpgrade = false
        lastFieldIsFraming = false
        rawHead = []
        rawRunStart = -1
    }
}


/// An incremental, sans-I/O parser of `multipart/form-data` (and any `multipart/…`) bodies.
///
/// Feed it chunks of any size; it calls a handler with events. The events are the same whatever
/// the chunking, except that body bytes may be cut into `.body` events at different places.
/// Memory is bounded by one part's header block (8 KiB by default), never by a body: body
/// bytes are handed out as pointers into the chunk being parsed, or into the parser's own copy
/// of the delimiter when bytes held back at the end of a chunk turn out not to be a delimiter.
///
/// ```swift
/// var parser = try MultipartParser(contentType: "multipart/form-data; boundary=Boundary+0123")
/// try parser.parse(chunk) { event in
///     switch event {
///     case .partBegin(let head): print(head.name ?? "?")
///     case .body(let bytes): hasher.update(bytes)
///     case .partEnd, .end: break
///     }
/// }
/// try parser.finish { _ in }
/// ```
///
/// Rules (RFC 2046 §5.1.1, RFC 7578; serialization spec §6; robustness spec §3.5):
/// - Everything before the first `--B` at the start of a line is preamble and is skipped, as is
///   everything after the close delimiter `--B--` (epilogue), except a delimiter line there: the
///   parts of a client that closed its body too early, refused rather than dropped unseen.
/// - A delimiter is CRLF `--B` followed by `--` (close), or by optional spaces and tabs and CRLF.
///   CRLF `--B` followed by anything else (`--BFAKE`, `--B-x`, `--B\rx`) is data, kept verbatim.
/// - Lines end with CRLF only: a bare LF or CR in a part header is an error, and an LF-only
///   boundary line is not a boundary (robustness spec M16: refuse).
/// - Part headers: a token name, a colon, a value of visible bytes, spaces, tabs and obs-text.
///   No obs-fold, no line starting with whitespace, no empty name.
/// - An empty message (no bytes at all) is a message with no parts.
/// - Bodies are opaque: nested multipart and `Content-Transfer-Encoding` are not interpreted.
///
/// After an error the parser is spent: every later call throws the same error.
public struct MultipartParser: Sendable {
    /// One thing the parser found.
    ///
    /// A `.body` buffer is valid only during the handler call that receives it.
    public enum Event {
        /// A part starts; its headers are complete.
        case partBegin(MultipartPartHead)
        /// Bytes of the current part's body, valid only during the call.
        case body(UnsafeRawBufferPointer)
        /// The current part's body is complete.
        case partEnd
        /// The close delimiter was read.
        case end
    }

    /// The boundary, without the leading dashes.
    public let boundary: String
    /// Whether the `Content-Type` this parser was made from also had a `boundary*` (RFC 2231)
    /// parameter, which is ignored (robustness spec M03 and M13).
    public private(set) var ignoresExtendedBoundary = false
    /// The limits in force.
    public let configuration: MultipartParserConfiguration

    /// CRLF `--` boundary.
    let delimiter: [UInt8]
    var state: State = .body
    /// Delimiter bytes matched at the end of the previous chunk and held back.
    var matched = 2
    /// The second byte after a matched delimiter, when the first one is `-` or CR.
    var afterDelimiterByte: UInt8?
    var paddingCount = 0
    var paddingSawCR = false
    /// Bytes parsed so far in the whole message.
    var consumed: Int64 = 0
    var partCount = 0
    var inPart = false
    var headerBlock: [UInt8] = []
    var headerBlockOffset: Int64 = 0
    var lineStart = 0
    var headerSawCR = false
    var headers = HTTPHeaders()
    var failure: MultipartParserError?
    /// The last epilogue bytes of earlier chunks, where a delimiter may have begun.
    var epilogueTail: [UInt8] = []

    enum State {
        case body
        case afterDelimiter
        case padding
        case headers
        case epilogue
        case finished
    }

    /// Creates a parser for a boundary.
    ///
    /// - Parameters:
    ///   - boundary: the boundary without dashes, as in `boundary=` of the `Content-Type`.
    ///   - configuration: the limits.
    /// - Throws: ``MultipartParserError`` when the boundary is empty, too long or has a byte
    ///   outside RFC 2046's `bchars`.
    public init(boundary: String, configuration: MultipartParserConfiguration = .default) throws(MultipartParserError) {
        try MultipartBoundary.validate(Array(boundary.utf8), maxBytes: configuration.maxBoundaryBytes)
        self.boundary = boundary
        self.configuration = configuration
        delimiter = Array("\r\n--".utf8) + Array(boundary.utf8)
    }

    /// Creates a parser for the boundary of a `Content-Type` value.
    ///
    /// - Parameters:
    ///   - contentType: a `multipart/…; boundary=…` value.
    ///   - configuration: the limits.
    /// - Throws: ``MultipartParserError`` from ``MultipartBoundary/parse(contentType:maxBytes:)``.
    public init(
        contentType: String,
        configuration: MultipartParserConfiguration = .default
    ) throws(MultipartParserError) {
        let read = try MultipartBoundary.read(contentType: contentType, maxBytes: configuration.maxBoundaryBytes)
        try self.init(boundary: read.boundary, configuration: configuration)
        ignoresExtendedBoundary = read.ignoredExtendedBoundary
    }

    /// The number of message bytes parsed so far.
    public var bytesParsed: Int64 { consumed }

    /// Whether the close delimiter has been read.
    public var isComplete: Bool { state == .epilogue || state == .finished }

    /// Parses the next chunk of the message.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes; any size, including empty.
    ///   - handler: called with each event in order.
    /// - Throws: ``MultipartParserError`` with the offset of the offending byte in the message.
    public mutating func parse(
        _ chunk: UnsafeRawBufferPointer,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        if let failure { throw failure }
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), !chunk.isEmpty else { return }
        do {
            try run(base, chunk.count, handler)
        } catch {
            failure = error
            throw error
        }
    }

    /// Parses the next chunk of the message.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes.
    ///   - handler: called with each event in order.
    /// - Throws: ``MultipartParserError`` with the offset of the offending byte in the message.
    public mutating func parse(_ chunk: [UInt8], _ handler: (Event) -> Void) throws(MultipartParserError) {
        let result = chunk.withUnsafeBytes { buffer in
            Result { () throws(MultipartParserError) in try parse(buffer, handler) }
        }
        try result.get()
    }

    /// Tells the parser that the message has ended.
    ///
    /// - Parameter handler: called with `.end` when an empty message ends (no parts).
    /// - Throws: ``MultipartParserError/Code/missingFinalBoundary`` when the message ended before
    ///   its close delimiter.
    public mutating func finish(_ handler: (Event) -> Void) throws(MultipartParserError) {
        if let failure { throw failure }
        switch state {
        case .epilogue, .finished:
            state = .finished
        case .body where consumed == 0:
            state = .finished
            handler(.end)
        default:
            let error = MultipartParserError(
                code: .missingFinalBoundary,
                value: Array("--\(boundary)--".utf8),
                offset: consumed
            )
            failure = error
            throw error
        }
    }

    /// Parses the next chunk and returns its events with body bytes copied out.
    ///
    /// Neighbouring body bytes of this call are merged into one `.body` event. When the chunk
    /// fails, the events it produced before the error are dropped with it; use
    /// the handler form of `parse` to see every event up to an error.
    ///
    /// - Parameter chunk: the next bytes.
    /// - Returns: the events of this chunk.
    /// - Throws: ``MultipartParserError``.
    public mutating func events(parsing chunk: [UInt8]) throws(MultipartParserError) -> [MultipartEvent] {
        var events: [MultipartEvent] = []
        try parse(chunk) { Self.collect($0, into: &events) }
        return events
    }

    /// Ends the message and returns the last events.
    ///
    /// - Throws: ``MultipartParserError/Code/missingFinalBoundary``.
    public mutating func finishEvents() throws(MultipartParserError) -> [MultipartEvent] {
        var events: [MultipartEvent] = []
        try finish { Self.collect($0, into: &events) }
        return events
    }

    /// Parses a whole message held in memory into its parts.
    ///
    /// - Parameters:
    ///   - message: the whole body.
    ///   - boundary: the boundary.
    ///   - configuration: the limits.
    /// - Returns: the parts in order.
    /// - Throws: ``MultipartParserError``.
    public static func parts(
        of message: [UInt8],
        boundary: String,
        configuration: MultipartParserConfiguration = .default
    ) throws(MultipartParserError) -> [MultipartPart] {
        var parser = try MultipartParser(boundary: boundary, configuration: configuration)
        var parts: [MultipartPart] = []
        let handler: (Event) -> Void = { event in
            switch event {
            case .partBegin(let head): parts.append(MultipartPart(head: head, body: []))
            case .body(let bytes): parts[parts.count - 1].body.append(contentsOf: bytes)
            case .partEnd, .end: break
            }
        }
        try parser.parse(message, handler)
        try parser.finish(handler)
        return parts
    }

    static func collect(_ event: Event, into events: inout [MultipartEvent]) {
        switch event {
        case .partBegin(let head): events.append(.partBegin(head))
        case .body(let bytes):
            if case .body(var previous) = events.last {
                events.removeLast()
                previous.append(contentsOf: bytes)
                events.append(.body(previous))
            } else {
                events.append(.body(Array(bytes)))
            }
        case .partEnd: events.append(.partEnd)
        case .end: events.append(.end)
        }
    }
}

@available(*, unavailable, message: "a body event points into memory that is valid only during the handler call")
extension MultipartParser.Event: Sendable {}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
///   everything after the close delimiter `--B--` (epilogue).
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
    /// The limits in force.
    public let configuration: MultipartParserConfiguration

    /// CRLF `--` boundary.
    private let delimiter: [UInt8]
    private var state: State = .body
    /// Delimiter bytes matched at the end of the previous chunk and held back.
    private var matched = 2
    /// The second byte after a matched delimiter, when the first one is `-` or CR.
    private var afterDelimiterByte: UInt8?
    private var paddingCount = 0
    private var paddingSawCR = false
    /// Bytes parsed so far in the whole message.
    private var consumed: Int64 = 0
    private var partCount = 0
    private var inPart = false
    private var headerBlock: [UInt8] = []
    private var headerBlockOffset: Int64 = 0
    private var lineStart = 0
    private var headerSawCR = false
    private var headers = HTTPHeaders()
    private var failure: MultipartParserError?

    private enum State {
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
        try MultipartBoundary.validate(Array(boundary.utf8), maximumLength: configuration.maximumBoundaryLength)
        self.boundary = boundary
        self.configuration = configuration
        delimiter = Array("\r\n--".utf8) + Array(boundary.utf8)
    }

    /// Creates a parser for the boundary of a `Content-Type` value.
    ///
    /// - Parameters:
    ///   - contentType: a `multipart/…; boundary=…` value.
    ///   - configuration: the limits.
    /// - Throws: ``MultipartParserError`` from ``MultipartBoundary/parse(contentType:maximumLength:)``.
    public init(
        contentType: String,
        configuration: MultipartParserConfiguration = .default
    ) throws(MultipartParserError) {
        let boundary = try MultipartBoundary.parse(
            contentType: contentType,
            maximumLength: configuration.maximumBoundaryLength
        )
        try self.init(boundary: boundary, configuration: configuration)
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

    private static func collect(_ event: Event, into events: inout [MultipartEvent]) {
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

    // MARK: - The machine

    private mutating func run(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        var index = 0
        defer { consumed += Int64(count) }
        while index < count {
            switch state {
            case .body:
                scanBody(bytes, count, &index, handler)
            case .afterDelimiter:
                try afterDelimiter(bytes, count, &index, handler)
            case .padding:
                try padding(bytes, count, &index)
            case .headers:
                try headerBytes(bytes, count, &index, handler)
            case .epilogue, .finished:
                index = count
            }
        }
    }

    /// Emits body bytes up to the next delimiter (or the end of the chunk, holding back a
    /// possible delimiter prefix). Leaves `index` after the delimiter when one is found.
    private mutating func scanBody(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) {
        let delimiter = self.delimiter
        let length = delimiter.count
        delimiter.withUnsafeBufferPointer { pattern in
            let pattern = pattern.baseAddress!
            if matched > 0 {
                while matched < length, index < count, bytes[index] == pattern[matched] {
                    matched += 1
                    index += 1
                }
                if matched == length {
                    matched = 0
                    afterDelimiterByte = nil
                    state = .afterDelimiter
                    return
                }
                if index == count { return }
                emitBody(UnsafeRawBufferPointer(start: pattern, count: matched), handler)
                matched = 0
            }
            let start = index
            var position = index
            while position < count {
                // Dense CRs (CRLF-heavy data) are cheaper to find inline than through memchr calls.
                var candidate = position
                let inlineEnd = min(position + 8, count)
                while candidate < inlineEnd, bytes[candidate] != cr { candidate += 1 }
                if candidate == inlineEnd {
                    guard candidate < count,
                        let found = memchr(bytes + candidate, Int32(cr), count - candidate)
                    else { break }
                    candidate = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                let available = count - candidate
                if available >= length {
                    if bytes[candidate + 1] == lf, bytes[candidate + 2] == dash, bytes[candidate + 3] == dash,
                        memcmp(bytes + candidate + 4, pattern + 4, length - 4) == 0
                    {
                        emitBody(UnsafeRawBufferPointer(start: bytes + start, count: candidate - start), handler)
                        index = candidate + length
                        afterDelimiterByte = nil
                        state = .afterDelimiter
                        return
                    }
                } else if memcmp(bytes + candidate, pattern, available) == 0 {
                    emitBody(UnsafeRawBufferPointer(start: bytes + start, count: candidate - start), handler)
                    matched = available
                    index = count
                    return
                }
                position = candidate + 1
            }
            emitBody(UnsafeRawBufferPointer(start: bytes + start, count: count - start), handler)
            index = count
        }
    }

    private func emitBody(_ buffer: UnsafeRawBufferPointer, _ handler: (Event) -> Void) {
        if inPart, !buffer.isEmpty { handler(.body(buffer)) }
    }

    /// Decides whether a matched delimiter is one: `--` closes, CRLF or padding opens a part,
    /// anything else makes it data.
    private mutating func afterDelimiter(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        let byte = bytes[index]
        switch afterDelimiterByte {
        case nil:
            if byte == dash || byte == cr {
                afterDelimiterByte = byte
                index += 1
            } else if byte == space || byte == tab {
                closePart(handler)
                paddingCount = 1
                paddingSawCR = false
                state = .padding
                try checkPadding(consumed + Int64(index))
                index += 1
            } else {
                notADelimiter(extra: nil, handler)
            }
        case dash?:
            if byte == dash {
                index += 1
                closePart(handler)
                handler(.end)
                state = .epilogue
            } else {
                notADelimiter(extra: dash, handler)
            }
        default:
            if byte == lf {
                index += 1
                closePart(handler)
                try beginHeaders(at: consumed + Int64(index))
            } else {
                // The CR may start the next delimiter: match it again from there.
                notADelimiter(extra: nil, handler)
                matched = 1
            }
        }
    }

    private mutating func notADelimiter(extra: UInt8?, _ handler: (Event) -> Void) {
        delimiter.withUnsafeBytes { emitBody($0, handler) }
        if let extra {
            withUnsafeBytes(of: extra) { emitBody($0, handler) }
        }
        matched = 0
        state = .body
    }

    private mutating func closePart(_ handler: (Event) -> Void) {
        if inPart {
            handler(.partEnd)
            inPart = false
        }
    }

    private mutating func checkPadding(_ offset: Int64) throws(MultipartParserError) {
        if paddingCount > configuration.maximumBoundaryPadding {
            throw MultipartParserError(code: .invalidBoundaryLine, value: Array(boundary.utf8), offset: offset)
        }
    }

    private mutating func padding(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int
    ) throws(MultipartParserError) {
        while index < count {
            let byte = bytes[index]
            let offset = consumed + Int64(index)
            if paddingSawCR {
                guard byte == lf else {
                    throw MultipartParserError(code: .invalidBoundaryLine, value: [byte], offset: offset)
                }
                index += 1
                try beginHeaders(at: offset + 1)
                return
            } else if byte == cr {
                paddingSawCR = true
            } else if byte == space || byte == tab {
                paddingCount += 1
                try checkPadding(offset)
            } else {
                throw MultipartParserError(code: .invalidBoundaryLine, value: [byte], offset: offset)
            }
            index += 1
        }
    }

    private mutating func beginHeaders(at offset: Int64) throws(MultipartParserError) {
        guard partCount < configuration.maximumParts else {
            throw MultipartParserError(code: .tooManyParts, value: Array(boundary.utf8), offset: offset)
        }
        partCount += 1
        headerBlock.removeAll(keepingCapacity: true)
        headerBlockOffset = offset
        lineStart = 0
        headerSawCR = false
        headers = HTTPHeaders()
        state = .headers
    }

    private mutating func headerBytes(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        while index < count {
            let byte = bytes[index]
            let offset = consumed + Int64(index)
            guard headerBlock.count < configuration.maximumHeaderBlockLength else {
                throw headerError(.headerBlockTooLarge, offset: offset)
            }
            if headerSawCR {
                guard byte == lf else {
                    let code: MultipartParserError.Code =
                        headerBlock.count - 1 == lineStart ? .badEndOfHeaders : .invalidHeaderByte
                    throw headerError(code, offset: offset - 1)
                }
                headerSawCR = false
                headerBlock.append(byte)
                index += 1
                if headerBlock.count - 2 == lineStart {
                    finishHeaders(handler)
                    return
                }
                try parseHeaderLine(end: headerBlock.count - 2)
                lineStart = headerBlock.count
            } else if byte == cr {
                headerSawCR = true
                headerBlock.append(byte)
                index += 1
            } else if byte == lf {
                throw headerError(
                    headerBlock.count == lineStart ? .badEndOfHeaders : .invalidHeaderByte,
                    offset: offset
                )
            } else {
                if headerBlock.count - lineStart >= configuration.maximumHeaderLineLength {
                    throw headerError(.headerLineTooLong, offset: offset)
                }
                headerBlock.append(byte)
                index += 1
            }
        }
    }

    private func headerError(_ code: MultipartParserError.Code, offset: Int64) -> MultipartParserError {
        MultipartParserError(code: code, value: MultipartParserError.excerpt(headerBlock[lineStart...]), offset: offset)
    }

    private mutating func parseHeaderLine(end: Int) throws(MultipartParserError) {
        let line = headerBlock[lineStart..<end]
        let lineOffset = headerBlockOffset + Int64(lineStart)
        func failure(_ code: MultipartParserError.Code, at index: Int) -> MultipartParserError {
            MultipartParserError(
                code: code,
                value: MultipartParserError.excerpt(line),
                offset: headerBlockOffset + Int64(index)
            )
        }
        guard headers.count < configuration.maximumHeaderLines else {
            throw MultipartParserError(
                code: .tooManyHeaderLines,
                value: MultipartParserError.excerpt(line),
                offset: lineOffset
            )
        }
        guard let colon = line.firstIndex(of: colon) else {
            throw MultipartParserError(
                code: .headerLineWithoutColon,
                value: MultipartParserError.excerpt(line),
                offset: lineOffset
            )
        }
        guard colon > line.startIndex else { throw failure(.invalidHeaderByte, at: colon) }
        for index in line.startIndex..<colon where !isTokenByte(headerBlock[index]) {
            throw failure(.invalidHeaderByte, at: index)
        }
        var valueStart = colon + 1
        var valueEnd = end
        for index in valueStart..<valueEnd {
            let byte = headerBlock[index]
            if byte < 0x20 && byte != tab || byte == 0x7F {
                throw failure(.invalidHeaderByte, at: index)
            }
        }
        while valueStart < valueEnd, headerBlock[valueStart] == space || headerBlock[valueStart] == tab {
            valueStart += 1
        }
        while valueEnd > valueStart, headerBlock[valueEnd - 1] == space || headerBlock[valueEnd - 1] == tab {
            valueEnd -= 1
        }
        headers.add(
            name: String(decoding: headerBlock[line.startIndex..<colon], as: UTF8.self),
            value: String(decoding: headerBlock[valueStart..<valueEnd], as: UTF8.self)
        )
    }

    private mutating func finishHeaders(_ handler: (Event) -> Void) {
        let head = MultipartPartHead(headers: headers, rawHeaders: Array(headerBlock[..<lineStart]))
        inPart = true
        matched = 0
        state = .body
        handler(.partBegin(head))
    }
}

@available(*, unavailable, message: "a body event points into memory that is valid only during the handler call")
extension MultipartParser.Event: Sendable {}

/// RFC 9110 `tchar`.
private func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"):
        true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
        UInt8(ascii: "'"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
        UInt8(ascii: "_"),
        UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
        true
    default:
        false
    }
}

private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let dash = UInt8(ascii: "-")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let colon = UInt8(ascii: ":")

import BoomerangSerialization

/// A sans-I/O, strict WebSocket frame parser ([RFC 6455 §5](https://www.rfc-editor.org/rfc/rfc6455#section-5)).
///
/// Feed it the bytes of a connection in pieces of any size, down to one byte, and pull one event
/// at a time, as with ``HTTPRequestParser``:
///
/// ```swift
/// var parser = WebSocketFrameParser()
/// var pending = received[...]
/// while true {
///     let (event, consumed) = try pending.withUnsafeBytes { try parser.parse($0) }
///     // handle event: .head, .payload (unmasked bytes), .end
///     pending = pending.dropFirst(consumed)
///     if event == nil { break }               // all consumed: wait for more bytes
/// }
/// ```
///
/// Every frame gives `.head`, then `.payload` events whose bytes add up to the header's length
/// (none for an empty payload), then `.end`. A partial header (at most 14 bytes) is kept inside
/// the parser; payload bytes are copied out of the input once and unmasked there. Every check of
/// a single frame is made from its header, before any payload is read:
/// - RSV bits outside ``WebSocketParserConfiguration/negotiatedReservedBits`` → 1002;
/// - a reserved opcode → 1002;
/// - masking that does not match the role (a server receives only masked frames) → 1002;
/// - a control frame without FIN or with more than 125 payload bytes → 1002;
/// - a length not in its minimal encoding (unless ``WebSocketParserConfiguration/allowsNonMinimalLength``),
///   or a 64-bit length with the top bit set → 1002;
/// - a payload over ``WebSocketParserConfiguration/maxFrameBytes`` → 1009.
///
/// Checks across frames (fragmentation, UTF-8, message size, close payloads) belong to
/// ``WebSocketMessageAssembler``. After an error, every further call throws the same error.
public struct WebSocketFrameParser: Sendable {
    /// What the parser found.
    public enum Event: Sendable, Hashable {
        /// A complete, checked frame header; `offset` is where the frame starts in the stream.
        case head(WebSocketFrameHeader, offset: Int)
        /// Unmasked payload bytes; `offset` is where the first of them is in the stream.
        case payload([UInt8], offset: Int)
        /// The frame's payload is complete.
        case end
    }

    enum State: Sendable {
        case header
        case payload(remaining: Int)
        case frameEnd
    }

    /// The limits and leniencies in use.
    public let configuration: WebSocketParserConfiguration
    var state = State.header
    var failure: WebSocketProtocolError?
    /// The bytes of the current header read so far.
    var headerBytes: [UInt8] = []
    var header = WebSocketFrameHeader(opcode: .continuation, payloadLength: 0)
    /// Payload bytes of the current frame already handed out, for the mask's phase.
    var payloadRead = 0
    /// Where the current frame starts in the stream.
    var frameOffset = 0
    /// The bytes consumed since the start of the stream.
    public private(set) var consumedBytes = 0

    /// Creates a parser waiting for the first frame.
    public init(configuration: WebSocketParserConfiguration = .init()) {
        self.configuration = configuration
        headerBytes.reserveCapacity(14)
    }

    /// True between frames: nothing of the next frame has been consumed yet.
    public var isIdle: Bool {
        if case .header = state { return headerBytes.isEmpty }
        return false
    }

    /// Parses from the start of `input`.
    ///
    /// - Parameter input: the bytes not yet consumed, followed by any new bytes.
    /// - Returns: at most one event and how many bytes of `input` were consumed. A nil event
    ///   means all of `input` was consumed and more bytes are needed. `.end` may come with
    ///   `consumed` 0, even from an empty input.
    /// - Throws: ``WebSocketProtocolError`` when a frame breaks the protocol or a limit.
    public mutating func parse(_ input: UnsafeRawBufferPointer) throws(WebSocketProtocolError) -> (event: Event?, consumed: Int) {
        if let failure { throw failure }
        var position = 0
        do {
            let event = try step(input, &position)
            consumedBytes += position
            return (event, position)
        } catch {
            failure = error
            throw error
        }
    }

    /// Tells the parser that the peer closed its side.
    ///
    /// - Throws: ``WebSocketProtocolError/Code/truncatedStream`` when a frame was in progress, or
    ///   the earlier error if parsing failed.
    public mutating func finish() throws(WebSocketProtocolError) {
        if let failure { throw failure }
        guard isIdle else {
            let error = WebSocketProtocolError(
                code: .truncatedStream,
                value: HTTPParseError.excerpt(headerBytes),
                offset: consumedBytes
            )
            failure = error
            throw error
        }
    }

    private mutating func step(_ input: UnsafeRawBufferPointer, _ position: inout Int) throws(WebSocketProtocolError) -> Event? {
        switch state {
        case .frameEnd:
            state = .header
            return .end
        case .payload(let remaining):
            let count = min(remaining, input.count)
            guard count > 0 else { return nil }
            var bytes = Array(UnsafeRawBufferPointer(rebasing: input[0..<count]))
            if let key = header.maskingKey {
                key.apply(to: &bytes, payloadIndex: payloadRead)
            }
            let offset = consumedBytes
            payloadRead += count
            position = count
            state = remaining == count ? .frameEnd : .payload(remaining: remaining - count)
            return .payload(bytes, offset: offset)
        case .header:
            while position < input.count {
                if headerBytes.isEmpty { frameOffset = consumedBytes + position }
                headerBytes.append(input[position])
                position += 1
                if headerBytes.count == 2 {
                    try checkFirstBytes()
                }
                if headerBytes.count >= 2, headerBytes.count == headerLength {
                    try finishHeader()
                    headerBytes.removeAll(keepingCapacity: true)
                    payloadRead = 0
                    state = header.payloadLength == 0 ? .frameEnd : .payload(remaining: header.payloadLength)
                    return .head(header, offset: frameOffset)
                }
            }
            return nil
        }
    }

    /// The whole header's length, once its first two bytes are known.
    private var headerLength: Int {
        let second = headerBytes[1]
        let lengthCode = second & 0x7F
        let extended = lengthCode == 126 ? 2 : lengthCode == 127 ? 8 : 0
        return 2 + extended + (second & 0x80 != 0 ? 4 : 0)
    }

    private func error(_ code: WebSocketProtocolError.Code, at index: Int, _ value: String? = nil) -> WebSocketProtocolError {
        WebSocketProtocolError(
            code: code,
            value: value ?? HTTPParseError.excerpt(headerBytes[index...]),
            offset: frameOffset + index
        )
    }

    /// The checks that need only FIN, RSV, opcode, the mask bit and the 7-bit length.
    private func checkFirstBytes() throws(WebSocketProtocolError) {
        let first = headerBytes[0]
        let second = headerBytes[1]
        let reserved = first >> 4 & 0x7
        if reserved & ~configuration.negotiatedReservedBits != 0 {
            throw error(.reservedBitsSet, at: 0)
        }
        let opcode = WebSocketOpcode(rawValue: first & 0x0F)!
        if opcode.isReserved {
            throw error(.reservedOpcode, at: 0)
        }
        let masked = second & 0x80 != 0
        switch (configuration.role, masked) {
        case (.server, false): throw error(.unmaskedFrame, at: 1)
        case (.client, true): throw error(.maskedFrame, at: 1)
        default: break
        }
        if opcode.isControl {
            if first & 0x80 == 0 { throw error(.fragmentedControlFrame, at: 0) }
            if second & 0x7F > 125 { throw error(.controlFrameTooLong, at: 1) }
        }
    }

    /// Decodes the length and the masking key, and checks the length.
    private mutating func finishHeader() throws(WebSocketProtocolError) {
        let first = headerBytes[0]
        let second = headerBytes[1]
        let lengthCode = Int(second & 0x7F)
        var length = UInt64(lengthCode)
        var next = 2
        if lengthCode >= 126 {
            let size = lengthCode == 126 ? 2 : 8
            length = 0
            for index in 2..<(2 + size) {
                length = length << 8 | UInt64(headerBytes[index])
            }
            next += size
            if size == 8, length >> 63 != 0 {
                throw error(.lengthOverflow, at: 2, String(length))
            }
            let minimum: UInt64 = size == 2 ? 126 : 0x1_0000
            if length < minimum, !configuration.allowsNonMinimalLength {
                throw error(.nonMinimalLength, at: 2, String(length))
            }
        }
        if length > UInt64(configuration.maxFrameBytes) {
            throw error(.frameTooLarge, at: lengthCode >= 126 ? 2 : 1, String(length))
        }
        var key: WebSocketMaskingKey?
        if second & 0x80 != 0 {
            key = WebSocketMaskingKey(headerBytes[next], headerBytes[next + 1], headerBytes[next + 2], headerBytes[next + 3])
        }
        header = WebSocketFrameHeader(
            fin: first & 0x80 != 0,
            reservedBits: first >> 4 & 0x7,
            opcode: WebSocketOpcode(rawValue: first & 0x0F)!,
            maskingKey: key,
            payloadLength: Int(length)
        )
    }
}

import BoomerangSerialization

/// Joins the frames of ``WebSocketFrameParser`` into messages, with the checks that span frames
/// ([RFC 6455 §5.4](https://www.rfc-editor.org/rfc/rfc6455#section-5.4), §5.5, §8.1):
///
/// - a continuation frame with no message in progress, or a text or binary frame while one is
///   in progress → 1002; control frames may come between fragments and are handed out at once;
/// - a text message that is not UTF-8 → 1007, found as soon as the bytes prove it, even when a
///   sequence is split across fragments or payload pieces;
/// - a message over ``WebSocketParserConfiguration/maxMessageBytes`` → 1009, from the header of
///   the fragment that would cross it;
/// - a close payload of one byte or with a code that may not be sent → 1002, a reason that is
///   not UTF-8 → 1007 (``WebSocketClose/init(payload:offset:)``).
///
/// After an error, every further call throws the same error.
public struct WebSocketMessageAssembler: Sendable {
    /// The limits in use (``WebSocketParserConfiguration/maxMessageBytes``).
    public let configuration: WebSocketParserConfiguration
    var failure: WebSocketProtocolError?
    /// The frame being received.
    var frame: WebSocketFrameHeader?
    /// Where the payload of the control frame being received starts.
    var controlOffset = 0
    var controlPayload: [UInt8] = []
    /// The opcode (text or binary) of the message in progress.
    var messageOpcode: WebSocketOpcode?
    var messageBytes: [UInt8] = []
    var utf8 = UTF8StreamValidator()

    /// Creates an assembler waiting for the first frame.
    public init(configuration: WebSocketParserConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Whether a fragmented message has started and not ended.
    public var isInsideMessage: Bool { messageOpcode != nil }

    /// Takes the next event of the frame parser.
    ///
    /// - Returns: a message when the event completes one: at the `.end` of a control frame, or
    ///   of the final fragment of a text or binary message.
    /// - Throws: ``WebSocketProtocolError`` when the frames break the protocol or a limit.
    public mutating func receive(_ event: WebSocketFrameParser.Event) throws(WebSocketProtocolError) -> WebSocketMessage? {
        if let failure { throw failure }
        do {
            switch event {
            case .head(let header, let offset):
                try start(header, at: offset)
                return nil
            case .payload(let bytes, let offset):
                try append(bytes, at: offset)
                return nil
            case .end:
                return try end()
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Tells the assembler that the stream ended at `offset`.
    ///
    /// - Throws: ``WebSocketProtocolError/Code/truncatedStream`` when a frame or fragmented
    ///   message was in progress.
    public mutating func finish(at offset: Int) throws(WebSocketProtocolError) {
        if let failure { throw failure }
        if frame != nil || messageOpcode != nil {
            let error = WebSocketProtocolError(code: .truncatedStream, value: "", offset: offset)
            failure = error
            throw error
        }
    }

    private mutating func start(_ header: WebSocketFrameHeader, at offset: Int) throws(WebSocketProtocolError) {
        precondition(frame == nil, "a frame header before the previous frame's end")
        if header.opcode.isControl {
            controlPayload.removeAll(keepingCapacity: true)
            controlOffset = offset + header.encodedLength
            frame = header
            return
        }
        let isContinuation = header.opcode == .continuation
        switch (isContinuation, messageOpcode) {
        case (true, nil):
            throw WebSocketProtocolError(code: .unexpectedContinuation, value: header.opcode.description, offset: offset)
        case (false, .some):
            throw WebSocketProtocolError(code: .expectedContinuation, value: header.opcode.description, offset: offset)
        default:
            break
        }
        let total = (isContinuation ? messageBytes.count : 0) + header.payloadLength
        if total > configuration.maxMessageBytes {
            throw WebSocketProtocolError(code: .messageTooLarge, value: String(total), offset: offset)
        }
        if !isContinuation {
            messageOpcode = header.opcode
            messageBytes.removeAll(keepingCapacity: false)
            messageBytes.reserveCapacity(header.payloadLength)
            utf8 = UTF8StreamValidator()
        }
        frame = header
    }

    private mutating func append(_ bytes: [UInt8], at offset: Int) throws(WebSocketProtocolError) {
        guard let frame else { preconditionFailure("payload outside a frame") }
        if frame.opcode.isControl {
            controlPayload += bytes
            return
        }
        if messageOpcode == .text {
            let invalid = bytes.withUnsafeBufferPointer { utf8.validate($0, offset: offset) }
            if let invalid {
                throw WebSocketProtocolError(code: .invalidUTF8, value: HTTPParseError.excerpt(invalid.bytes), offset: invalid.offset)
            }
        }
        messageBytes += bytes
    }

    private mutating func end() throws(WebSocketProtocolError) -> WebSocketMessage? {
        guard let frame = frame.take() else { preconditionFailure("a frame end outside a frame") }
        switch frame.opcode {
        case .ping:
            return .ping(controlPayload)
        case .pong:
            return .pong(controlPayload)
        case .close:
            return .close(try WebSocketClose(payload: controlPayload, offset: controlOffset))
        default:
            guard frame.fin else { return nil }
            let opcode = messageOpcode.take()
            let bytes = messageBytes
            messageBytes = []
            if opcode == .text {
                if let invalid = utf8.finish() {
                    throw WebSocketProtocolError(code: .invalidUTF8, value: "unfinished sequence", offset: invalid)
                }
                return .text(String(decoding: bytes, as: UTF8.self))
            }
            return .binary(bytes)
        }
    }
}

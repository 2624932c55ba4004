import BoomerangSerialization

/// Why ``WebSocketFrameParser`` or ``WebSocketMessageAssembler`` failed the connection, and the
/// close code to send ([RFC 6455 §7.1.7](https://www.rfc-editor.org/rfc/rfc6455#section-7.1.7)).
///
/// The stream cannot be re-synchronised after an error: send a close frame with ``closeCode``
/// (unless it is ``WebSocketCloseCode/abnormalClosure``, which is never sent) and close the
/// connection.
public struct WebSocketProtocolError: PositionedError, Hashable {
    /// What went wrong. An open set: new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A short stable name, such as `unmaskedFrame`.
        public let name: String
        /// The close code to send.
        public let closeCode: WebSocketCloseCode

        private init(_ name: String, _ closeCode: WebSocketCloseCode) {
            self.name = name
            self.closeCode = closeCode
        }

        /// The code's name.
        public var description: String { name }

        /// An RSV bit is set that no negotiated extension defines.
        public static let reservedBitsSet = Code("reservedBitsSet", .protocolError)
        /// Opcode 0x3–0x7 or 0xB–0xF.
        public static let reservedOpcode = Code("reservedOpcode", .protocolError)
        /// A client frame without a masking key (a server must fail it).
        public static let unmaskedFrame = Code("unmaskedFrame", .protocolError)
        /// A server frame with a masking key (a client must fail it).
        public static let maskedFrame = Code("maskedFrame", .protocolError)
        /// A payload length written in more bytes than needed (126 for a length under 126, 127 for
        /// one under 65 536).
        public static let nonMinimalLength = Code("nonMinimalLength", .protocolError)
        /// A 64-bit payload length with its most significant bit set.
        public static let lengthOverflow = Code("lengthOverflow", .protocolError)
        /// A control frame with a payload over 125 bytes.
        public static let controlFrameTooLong = Code("controlFrameTooLong", .protocolError)
        /// A control frame without FIN.
        public static let fragmentedControlFrame = Code("fragmentedControlFrame", .protocolError)
        /// A frame whose payload is larger than the frame limit.
        public static let frameTooLarge = Code("frameTooLarge", .messageTooBig)
        /// A message whose fragments together are larger than the message limit.
        public static let messageTooLarge = Code("messageTooLarge", .messageTooBig)
        /// A continuation frame with no fragmented message in progress.
        public static let unexpectedContinuation = Code("unexpectedContinuation", .protocolError)
        /// A text or binary frame while a fragmented message waits for its continuation.
        public static let expectedContinuation = Code("expectedContinuation", .protocolError)
        /// A text message (or close reason) that is not valid UTF-8.
        public static let invalidUTF8 = Code("invalidUTF8", .invalidPayloadData)
        /// A close frame with a one-byte payload.
        public static let invalidClosePayload = Code("invalidClosePayload", .protocolError)
        /// A close frame whose code may not be sent (0–999, 1004–1006, 1015, 1016–2999, 5000+).
        public static let invalidCloseCode = Code("invalidCloseCode", .protocolError)
        /// The peer closed the connection in the middle of a frame or fragmented message.
        public static let truncatedStream = Code("truncatedStream", .abnormalClosure)
    }

    /// What went wrong.
    public var code: Code
    /// The offending value: the frame header bytes read so far, or the ill-formed UTF-8 sequence,
    /// escaped as ``HTTPParseError/excerpt(_:)`` does; a length or close code as a number; or an
    /// opcode's name. The same however the stream was cut into reads.
    public var value: String
    /// The offset of the offending byte from the start of the WebSocket stream (the first byte
    /// after the handshake).
    public var offset: Int

    /// The close code to send.
    public var closeCode: WebSocketCloseCode { code.closeCode }

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// `WebSocket`, for ``description``: `WebSocket unmaskedFrame (1002) at byte 1: "\x05"`.
    public static var subject: String { "WebSocket" }

    /// The close code.
    public var codeDetail: String? { "\(code.closeCode)" }
}

import BoomerangSerialization

/// The header of one WebSocket frame ([RFC 6455 §5.2](https://www.rfc-editor.org/rfc/rfc6455#section-5.2)).
public struct WebSocketFrameHeader: Sendable, Hashable {
    /// Whether this is the final fragment of its message (always true for control frames).
    public var fin: Bool
    /// RSV1, RSV2 and RSV3 as the low three bits (RSV1 = 4).
    public var reservedBits: UInt8
    /// The opcode.
    public var opcode: WebSocketOpcode
    /// The masking key, present exactly when the frame is masked.
    public var maskingKey: WebSocketMaskingKey?
    /// The payload length in bytes.
    public var payloadLength: Int

    /// Creates a header.
    public init(
        fin: Bool = true,
        reservedBits: UInt8 = 0,
        opcode: WebSocketOpcode,
        maskingKey: WebSocketMaskingKey? = nil,
        payloadLength: Int
    ) {
        self.fin = fin
        self.reservedBits = reservedBits
        self.opcode = opcode
        self.maskingKey = maskingKey
        self.payloadLength = payloadLength
    }

    /// The number of bytes the header takes on the wire with the minimal length encoding:
    /// 2, plus 2 or 8 for an extended length, plus 4 for a masking key.
    public var encodedLength: Int {
        let extended = payloadLength < 126 ? 0 : payloadLength <= 0xFFFF ? 2 : 8
        return 2 + extended + (maskingKey == nil ? 0 : 4)
    }
}

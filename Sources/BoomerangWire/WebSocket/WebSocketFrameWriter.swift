import BoomerangSerialization

/// Writes WebSocket frames ([RFC 6455 §5.2](https://www.rfc-editor.org/rfc/rfc6455#section-5.2)):
/// the reverse of ``WebSocketFrameParser``.
///
/// Lengths always take their minimal encoding. A server writes unmasked frames (no key); a
/// client masks every frame with a key of its choosing, which should be fresh and unpredictable
/// for each frame (§5.3). Writing a frame the protocol forbids — a control frame that is
/// fragmented or longer than 125 bytes, a reserved opcode, more than three RSV bits — is a
/// programmer error.
///
/// ```swift
/// let bytes = WebSocketFrameWriter.frame(.text, payload: Array("Hello".utf8))
/// // 0x81 0x05 "Hello"
/// ```
public enum WebSocketFrameWriter {
    /// The frame with this header and payload.
    public static func frame(
        _ opcode: WebSocketOpcode,
        payload: [UInt8],
        fin: Bool = true,
        reservedBits: UInt8 = 0,
        maskingKey: WebSocketMaskingKey? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        append(opcode, payload: payload, fin: fin, reservedBits: reservedBits, maskingKey: maskingKey, to: &bytes)
        return bytes
    }

    /// Appends the frame with this header and payload to `output`.
    public static func append(
        _ opcode: WebSocketOpcode,
        payload: [UInt8],
        fin: Bool = true,
        reservedBits: UInt8 = 0,
        maskingKey: WebSocketMaskingKey? = nil,
        to output: inout [UInt8]
    ) {
        let header = WebSocketFrameHeader(
            fin: fin,
            reservedBits: reservedBits,
            opcode: opcode,
            maskingKey: maskingKey,
            payloadLength: payload.count
        )
        appendHeader(header, to: &output)
        let start = output.count
        output += payload
        if let maskingKey {
            output.withUnsafeMutableBytes { buffer in
                maskingKey.apply(to: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]), payloadIndex: 0)
            }
        }
    }

    /// Appends a header; the caller appends exactly `header.payloadLength` payload bytes after
    /// it, masked with `header.maskingKey` when there is one.
    public static func appendHeader(_ header: WebSocketFrameHeader, to output: inout [UInt8]) {
        precondition(!header.opcode.isReserved, "reserved opcode \(header.opcode)")
        precondition(header.reservedBits < 8, "only three RSV bits exist")
        precondition(header.payloadLength >= 0, "negative payload length")
        if header.opcode.isControl {
            precondition(header.fin, "a control frame cannot be fragmented")
            precondition(header.payloadLength <= 125, "a control frame carries at most 125 bytes")
        }
        output.reserveCapacity(output.count + header.encodedLength + header.payloadLength)
        output.append((header.fin ? 0x80 : 0) | header.reservedBits << 4 | header.opcode.rawValue)
        let maskBit: UInt8 = header.maskingKey == nil ? 0 : 0x80
        let length = header.payloadLength
        if length < 126 {
            output.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            output.append(maskBit | 126)
            output.append(UInt8(length >> 8))
            output.append(UInt8(length & 0xFF))
        } else {
            output.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift)))
            }
        }
        if let key = header.maskingKey {
            output += key.bytes
        }
    }

    /// A close frame carrying `close`'s payload.
    public static func closeFrame(_ close: WebSocketClose, maskingKey: WebSocketMaskingKey? = nil) -> [UInt8] {
        frame(.close, payload: close.payload, maskingKey: maskingKey)
    }

    /// Appends the frames of one text or binary message to `output`, cut into fragments of at
    /// most `maxFragmentBytes` payload bytes (one frame when nil; an empty message is one empty
    /// frame). `maskingKeys` gives the key of each fragment in turn (for a client); it is called
    /// once per fragment.
    public static func appendMessage(
        _ opcode: WebSocketOpcode,
        payload: [UInt8],
        maxFragmentBytes: Int? = nil,
        maskingKeys: (() -> WebSocketMaskingKey)? = nil,
        to output: inout [UInt8]
    ) {
        precondition(opcode == .text || opcode == .binary, "a message is text or binary")
        let size = maxFragmentBytes ?? max(payload.count, 1)
        precondition(size > 0, "fragments must hold at least one byte")
        var start = 0
        repeat {
            let end = min(start + size, payload.count)
            append(
                start == 0 ? opcode : .continuation,
                payload: Array(payload[start..<end]),
                fin: end == payload.count,
                maskingKey: maskingKeys?(),
                to: &output
            )
            start = end
        } while start < payload.count
    }
}

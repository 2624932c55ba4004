import BoomerangSerialization

/// The payload of a close frame: an optional status code and a UTF-8 reason
/// ([RFC 6455 §5.5.1](https://www.rfc-editor.org/rfc/rfc6455#section-5.5.1)).
public struct WebSocketClose: Sendable, Hashable {
    /// The status code, or nil for an empty payload (which an application reports as 1005).
    public var code: WebSocketCloseCode?
    /// The reason, empty when none was given. Always empty when ``code`` is nil.
    public var reason: String

    /// The longest reason a close frame can carry, in UTF-8 bytes: 125 minus the code's two.
    public static let maxReasonBytes = 123

    /// Creates a close payload. A reason needs a code; the reason is cut to
    /// ``maxReasonBytes`` bytes at a character boundary.
    public init(code: WebSocketCloseCode?, reason: String = "") {
        precondition(code != nil || reason.isEmpty, "a close reason needs a code")
        self.code = code
        var reason = reason
        while reason.utf8.count > Self.maxReasonBytes { reason.removeLast() }
        self.reason = reason
    }

    /// Reads a received close payload.
    ///
    /// - Parameters:
    ///   - payload: the unmasked payload (at most 125 bytes, as the frame parser guarantees).
    ///   - offset: where the payload starts in the stream, for errors.
    /// - Throws: ``WebSocketProtocolError/Code/invalidClosePayload`` for a one-byte payload,
    ///   ``WebSocketProtocolError/Code/invalidCloseCode`` for a code that may not be sent, and
    ///   ``WebSocketProtocolError/Code/invalidUTF8`` for a reason that is not UTF-8.
    public init(payload: [UInt8], offset: Int = 0) throws(WebSocketProtocolError) {
        switch payload.count {
        case 0:
            code = nil
            reason = ""
        case 1:
            throw WebSocketProtocolError(code: .invalidClosePayload, value: HTTPParseError.excerpt(payload), offset: offset)
        default:
            let code = WebSocketCloseCode(UInt16(payload[0]) << 8 | UInt16(payload[1]))
            guard code.isAllowedOnWire else {
                throw WebSocketProtocolError(code: .invalidCloseCode, value: code.description, offset: offset)
            }
            let reasonBytes = Array(payload[2...])
            if let invalid = UTF8Validation.firstInvalid(in: reasonBytes) {
                throw WebSocketProtocolError(
                    code: .invalidUTF8,
                    value: HTTPParseError.excerpt(reasonBytes[invalid]),
                    offset: offset + 2 + invalid.lowerBound
                )
            }
            self.code = code
            reason = String(decoding: reasonBytes, as: UTF8.self)
        }
    }

    /// The payload to send: empty without a code, otherwise the code in network order and the
    /// reason's UTF-8 bytes.
    public var payload: [UInt8] {
        guard let code else { return [] }
        return [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + Array(reason.utf8)
    }
}

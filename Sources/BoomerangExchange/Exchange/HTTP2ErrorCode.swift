/// The error codes of RST_STREAM and GOAWAY frames (RFC 9113 §7).
public enum HTTP2ErrorCode {
    public static let noError: UInt32 = 0x0
    public static let protocolError: UInt32 = 0x1
    public static let internalError: UInt32 = 0x2
    public static let flowControlError: UInt32 = 0x3
    public static let settingsTimeout: UInt32 = 0x4
    public static let streamClosed: UInt32 = 0x5
    public static let frameSizeError: UInt32 = 0x6
    public static let refusedStream: UInt32 = 0x7
    public static let cancel: UInt32 = 0x8
    public static let compressionError: UInt32 = 0x9
    public static let connectError: UInt32 = 0xA
    public static let enhanceYourCalm: UInt32 = 0xB
    public static let inadequateSecurity: UInt32 = 0xC
    public static let http11Required: UInt32 = 0xD

    /// A code from its RFC name in any case (`cancel`, `REFUSED_STREAM`) or its number (`8`,
    /// `0x8`); nil for anything else.
    public static func named(_ text: some StringProtocol) -> UInt32? {
        if let code = byName[text.uppercased()] { return code }
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") { return UInt32(lowered.dropFirst(2), radix: 16) }
        return UInt32(text)
    }

    /// The codes by their names in the RFC (`CANCEL`, `REFUSED_STREAM`…).
    public static let byName: [String: UInt32] = [
        "NO_ERROR": noError, "PROTOCOL_ERROR": protocolError, "INTERNAL_ERROR": internalError,
        "FLOW_CONTROL_ERROR": flowControlError, "SETTINGS_TIMEOUT": settingsTimeout, "STREAM_CLOSED": streamClosed,
        "FRAME_SIZE_ERROR": frameSizeError, "REFUSED_STREAM": refusedStream, "CANCEL": cancel,
        "COMPRESSION_ERROR": compressionError, "CONNECT_ERROR": connectError, "ENHANCE_YOUR_CALM": enhanceYourCalm,
        "INADEQUATE_SECURITY": inadequateSecurity, "HTTP_1_1_REQUIRED": http11Required,
    ]
}

/// A coded body, or a `Content-Encoding` field, that a ``Decompressor`` or ``Compressor`` refused.
///
/// Errors compare equal when every field is equal, so tests can assert them exactly.
public struct CompressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. An open set: new codes may be added.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// A `Content-Encoding` names a coding this module does not implement; `value` is the name.
        public static let unsupportedCoding = Code(rawValue: "unsupportedCoding")
        /// A `Content-Encoding` lists more codings than ``DecompressorConfiguration/maxCodingCount``.
        public static let tooManyCodings = Code(rawValue: "tooManyCodings")
        /// The decoded body would exceed ``DecompressorConfiguration/maxDecodedBytes`` (a decompression bomb).
        public static let decodedBodyTooLarge = Code(rawValue: "decodedBodyTooLarge")
        /// The decoded body grew past ``DecompressorConfiguration/maxExpansionRatio`` times the coded bytes read.
        public static let expansionRatioTooHigh = Code(rawValue: "expansionRatioTooHigh")
        /// The input ended inside a coded stream.
        public static let truncatedInput = Code(rawValue: "truncatedInput")
        /// The library found the coded data invalid; `value` is its message.
        public static let corruptInput = Code(rawValue: "corruptInput")
        /// Bytes follow the end of a coded stream (for gzip: bytes that do not start another member).
        public static let trailingInput = Code(rawValue: "trailingInput")
        /// The library failed for a reason other than the input (out of memory); `value` is its message.
        public static let libraryFailure = Code(rawValue: "libraryFailure")
    }

    /// What went wrong.
    public var code: Code
    /// The coding in which it went wrong; `nil` for errors in the `Content-Encoding` field itself.
    public var coding: ContentCoding?
    /// The offending value: the coding name, the field value, or the library's message; empty for limits.
    public var value: String
    /// The limit that was crossed (bytes, a ratio, or a count of codings); `nil` for other errors.
    public var limit: Int64?
    /// How many bytes of the body as received (still coded) had been read when the error was raised;
    /// for errors in the `Content-Encoding` field, the offset of the offending name in the field.
    public var offset: Int64

    /// Creates an error.
    public init(code: Code, coding: ContentCoding?, value: String = "", limit: Int64? = nil, offset: Int64) {
        self.code = code
        self.coding = coding
        self.value = value
        self.limit = limit
        self.offset = offset
    }

    /// A one-line summary with the code, the coding, the value, the limit and the offset.
    public var description: String {
        var text = "CompressionError(\(code)"
        if let coding { text += " in \(coding)" }
        text += " at byte \(offset)"
        if let limit { text += ", limit \(limit)" }
        if !value.isEmpty { text += ": \(value.debugDescription)" }
        return text + ")"
    }
}

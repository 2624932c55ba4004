/// A multipart message, or the `Content-Type` that announced it, that the parser refused.
///
/// Errors compare equal when code, excerpt and offset are equal, so tests assert them exactly.
public struct MultipartParserError: PositionedError, Hashable {
    /// What went wrong. An open set: new codes may be added.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        /// A one-line summary with the code, the value and the offset.
        public var description: String { rawValue }

        /// The `Content-Type` is not `multipart/…`.
        public static let notMultipart = Code(rawValue: "notMultipart")
        /// The `Content-Type` has no `boundary` parameter.
        public static let missingBoundary = Code(rawValue: "missingBoundary")
        /// The `Content-Type` has two `boundary` parameters.
        public static let duplicateBoundary = Code(rawValue: "duplicateBoundary")
        /// A quoted parameter value in the `Content-Type`, or in a part's `Content-Disposition`, has no
        /// closing quote.
        public static let unterminatedQuotedString = Code(rawValue: "unterminatedQuotedString")
        /// The boundary is empty.
        public static let emptyBoundary = Code(rawValue: "emptyBoundary")
        /// The boundary is longer than the configured maximum (70).
        public static let boundaryTooLong = Code(rawValue: "boundaryTooLong")
        /// The boundary has a byte outside RFC 2046's `bchars`, or ends in a space.
        public static let invalidBoundaryCharacter = Code(rawValue: "invalidBoundaryCharacter")
        /// The input ended before the close delimiter `--B--` (inside a part, or before any boundary).
        public static let missingFinalBoundary = Code(rawValue: "missingFinalBoundary")
        /// A boundary line has transport padding followed by something other than CRLF, or too much padding.
        public static let invalidBoundaryLine = Code(rawValue: "invalidBoundaryLine")
        /// More parts than the configured maximum.
        public static let tooManyParts = Code(rawValue: "tooManyParts")
        /// More header lines in one part than the configured maximum.
        public static let tooManyHeaderLines = Code(rawValue: "tooManyHeaderLines")
        /// A part header line longer than the configured maximum.
        public static let headerLineTooLong = Code(rawValue: "headerLineTooLong")
        /// A part's header block longer than the configured maximum.
        public static let headerBlockTooLarge = Code(rawValue: "headerBlockTooLarge")
        /// A part header line with no colon.
        public static let headerLineWithoutColon = Code(rawValue: "headerLineWithoutColon")
        /// A byte that a part header may not hold: a control character, a bare CR or LF inside a
        /// line, a non-token byte or nothing in the name, or a line starting with space or tab.
        public static let invalidHeaderByte = Code(rawValue: "invalidHeaderByte")
        /// The header block does not end with an empty CRLF line (`\r\rQ`, `\nQ`).
        public static let badEndOfHeaders = Code(rawValue: "badEndOfHeaders")
        /// A delimiter line follows the close delimiter: parts sent after the body was closed.
        public static let partAfterCloseDelimiter = Code(rawValue: "partAfterCloseDelimiter")
    }

    /// What went wrong.
    public var code: Code
    /// An excerpt (at most 64 bytes) of the offending value: the header line, the boundary, the
    /// `Content-Type` value, or the last bytes of the message.
    public var value: [UInt8]
    /// The byte offset of the offending byte: in the whole message for body errors, in the
    /// `Content-Type` value for `Content-Type` errors, in the boundary for boundary errors.
    public var offset: Int64

    /// Creates an error.
    public init(code: Code, value: [UInt8], offset: Int64) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// Creates an error whose excerpt is given as text.
    public init(code: Code, value: String, offset: Int64) {
        self.init(code: code, value: Array(value.utf8), offset: offset)
    }

    /// What went wrong, in a sentence for people, without the excerpt or the offset.
    public var explanation: String {
        switch code {
        case .notMultipart: "the Content-Type is not multipart"
        case .missingBoundary: "the Content-Type has no boundary parameter"
        case .duplicateBoundary: "the Content-Type has two boundary parameters"
        case .unterminatedQuotedString: "a quoted parameter value has no closing quote"
        case .emptyBoundary: "the boundary is empty"
        case .boundaryTooLong: "the boundary is longer than 70 bytes"
        case .invalidBoundaryCharacter: "the boundary has a byte RFC 2046 does not allow in one, or ends in a space"
        case .missingFinalBoundary: "the body ends before its closing delimiter (--boundary--)"
        case .invalidBoundaryLine: "a boundary line goes on after the boundary with something other than CRLF"
        case .tooManyParts: "the body has more parts than the limit"
        case .tooManyHeaderLines: "a part has more header lines than the limit"
        case .headerLineTooLong: "a part header line is longer than the limit"
        case .headerBlockTooLarge: "a part's headers are larger than the limit"
        case .headerLineWithoutColon: "a part header line has no colon (a folded line, or not a header)"
        case .invalidHeaderByte: "a part header has a byte header fields do not allow (a control byte, a space first, or a bad name)"
        case .badEndOfHeaders: "a part's headers do not end with an empty CRLF line"
        case .partAfterCloseDelimiter: "a boundary line follows the closing delimiter (--boundary--): the parts after it are not read"
        default: code.rawValue
        }
    }

    /// `multipart`, for ``description``: `multipart invalidHeaderByte at byte 9: "A: b\r"`.
    public static var subject: String { "multipart" }

    /// The excerpt with `\r`, `\n`, `\t`, `\\` and other bytes outside printable ASCII escaped.
    public var valueText: String { Self.escaping(value) }

    /// The longest excerpt an error carries.
    static let maxExcerptBytes = 64

    static func excerpt(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        Array(bytes.prefix(maxExcerptBytes))
    }
}

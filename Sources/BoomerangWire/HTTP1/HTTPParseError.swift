import BoomerangSerialization

/// Why ``HTTPRequestParser`` refused a request, and the status to answer with.
///
/// After a parse error the connection cannot be re-synchronised: answer with ``status`` and
/// `Connection: close`, then close.
public struct HTTPParseError: PositionedError, Hashable {
    /// The codes of this error (below, in the extension of ``RefusalCode``).
    public typealias Code = RefusalCode<HTTPParseError>

    /// What went wrong.
    public var code: Code
    /// An excerpt of the offending bytes, escaped (`\r`, `\n`, `\t`, `\\`, `\xNN`) and at most
    /// ``maxExcerptBytes`` bytes long before escaping.
    public var value: String
    /// The offset of the offending byte (or element) from the start of the message.
    public var offset: Int

    /// The HTTP status code to answer with.
    public var status: Int { code.status }

    /// The most input bytes an excerpt shows.
    public static let maxExcerptBytes = ByteExcerpt.maxBytes

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// `HTTP`, for ``description``: `HTTP invalidTarget (400) at byte 4: "x"`.
    public static var subject: String { "HTTP" }

    /// The status.
    public var codeDetail: String? { String(code.status) }

    /// Escapes the first ``maxExcerptBytes`` bytes of `bytes` for ``value``.
    public static func excerpt(_ bytes: some Collection<UInt8>) -> String {
        escaping(bytes.prefix(maxExcerptBytes))
    }
}

extension RefusalCode where Domain == HTTPParseError {
    /// The request line is not `method SP target SP version` (for example HTTP/0.9's `GET /`).
    public static let invalidRequestLine = Self("invalidRequestLine", 400)
    /// The method is empty or not a token.
    public static let invalidMethod = Self("invalidMethod", 400)
    /// The target holds a space, control, DEL, NUL, 8-bit byte or `#`, or is empty.
    public static let invalidTarget = Self("invalidTarget", 400)
    /// The version is not `HTTP/` DIGIT `.` DIGIT.
    public static let invalidVersion = Self("invalidVersion", 400)
    /// A well-formed version other than HTTP/1.0 and HTTP/1.1.
    public static let unsupportedVersion = Self("unsupportedVersion", 505)
    /// The request line is longer than the limit.
    public static let requestLineTooLong = Self("requestLineTooLong", 414)
    /// An empty line where a request line was expected.
    public static let leadingEmptyLine = Self("leadingEmptyLine", 400)
    /// A line ended with LF alone.
    public static let bareLineFeed = Self("bareLineFeed", 400)
    /// A CR not followed by LF.
    public static let bareCarriageReturn = Self("bareCarriageReturn", 400)
    /// A field line with nothing before the colon.
    public static let emptyHeaderName = Self("emptyHeaderName", 400)
    /// A field name that is not a token (including whitespace before the colon).
    public static let invalidHeaderName = Self("invalidHeaderName", 400)
    /// A field line without a colon.
    public static let missingColon = Self("missingColon", 400)
    /// A field value with NUL, DEL or a control other than HTAB.
    public static let invalidHeaderValue = Self("invalidHeaderValue", 400)
    /// A field line starting with whitespace (obs-fold).
    public static let obsoleteLineFolding = Self("obsoleteLineFolding", 400)
    /// The head (or head plus trailers) is larger than the byte limit.
    public static let headersTooLarge = Self("headersTooLarge", 431)
    /// More fields than the count limit.
    public static let tooManyHeaders = Self("tooManyHeaders", 431)
    /// An HTTP/1.1 request without Host.
    public static let missingHost = Self("missingHost", 400)
    /// More than one Host field.
    public static let duplicateHost = Self("duplicateHost", 400)
    /// A Host value that is not `uri-host [":" port]` (for example with a path or user info).
    public static let invalidHost = Self("invalidHost", 400)
    /// A Content-Length that is not `1*DIGIT`.
    public static let invalidContentLength = Self("invalidContentLength", 400)
    /// Content-Length fields with different values.
    public static let conflictingContentLength = Self("conflictingContentLength", 400)
    /// A Content-Length beyond `Int64.max`.
    public static let contentLengthOverflow = Self("contentLengthOverflow", 413)
    /// Both Content-Length and Transfer-Encoding.
    public static let contentLengthWithTransferEncoding = Self("contentLengthWithTransferEncoding", 400)
    /// A well-formed Transfer-Encoding other than exactly `chunked`.
    public static let unsupportedTransferEncoding = Self("unsupportedTransferEncoding", 501)
    /// A Transfer-Encoding that is not a list of tokens.
    public static let invalidTransferEncoding = Self("invalidTransferEncoding", 400)
    /// More than one Transfer-Encoding field.
    public static let duplicateTransferEncoding = Self("duplicateTransferEncoding", 400)
    /// Transfer-Encoding on an HTTP/1.0 request.
    public static let transferEncodingOnHTTP10 = Self("transferEncodingOnHTTP10", 400)
    /// A body (Content-Length > 0 or Transfer-Encoding) on a HEAD request.
    public static let bodyNotAllowed = Self("bodyNotAllowed", 400)
    /// The body is larger than the limit.
    public static let bodyTooLarge = Self("bodyTooLarge", 413)
    /// An Expect value other than `100-continue`.
    public static let unsupportedExpectation = Self("unsupportedExpectation", 417)
    /// A chunk size that is empty or not bare hexadecimal digits.
    public static let invalidChunkSize = Self("invalidChunkSize", 400)
    /// A chunk-size line outside the grammar of RFC 9112 §7.1.1 after its size: `;` with
    /// optional whitespace around it, a token name, optionally `=` and a token or quoted string.
    public static let invalidChunkExtension = Self("invalidChunkExtension", 400)
    /// A chunk size beyond `Int64.max`.
    public static let chunkSizeOverflow = Self("chunkSizeOverflow", 413)
    /// A chunk-size line longer than the limit.
    public static let chunkSizeLineTooLong = Self("chunkSizeLineTooLong", 400)
    /// A chunk extension longer than the limit.
    public static let chunkExtensionTooLong = Self("chunkExtensionTooLong", 400)
    /// Chunk data not followed by CRLF.
    public static let missingChunkTerminator = Self("missingChunkTerminator", 400)
    /// The peer closed the connection in the middle of a message.
    public static let truncatedMessage = Self("truncatedMessage", 400)
}

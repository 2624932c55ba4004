/// The limits a ``MultipartParser`` enforces (robustness spec §3.5 and §5).
///
/// Every limit is checked as bytes arrive, so a hostile message is refused after at most one
/// limit's worth of input.
public struct MultipartParserConfiguration: Sendable, Hashable {
    /// The most parts a message may have; default 1000 (Go, Werkzeug).
    public var maxPartCount: Int
    /// The most header fields (lines) one part may have; default 16.
    public var maxHeaderCount: Int
    /// The longest part header line, without its CRLF; default 4096 bytes.
    public var maxHeaderLineBytes: Int
    /// The longest part header block, all lines with their CRLFs and the empty line; default 8192 bytes.
    public var maxHeaderBytes: Int
    /// The longest boundary; default 70 (RFC 2046).
    public var maxBoundaryBytes: Int
    /// The most spaces and tabs allowed after a boundary before its CRLF; default 256.
    public var maxBoundaryPaddingBytes: Int

    /// Creates a configuration; every limit defaults to the documented value.
    public init(
        maxPartCount: Int = 1000,
        maxHeaderCount: Int = 16,
        maxHeaderLineBytes: Int = 4096,
        maxHeaderBytes: Int = 8192,
        maxBoundaryBytes: Int = MultipartBoundary.maxBytes,
        maxBoundaryPaddingBytes: Int = 256
    ) {
        self.maxPartCount = maxPartCount
        self.maxHeaderCount = maxHeaderCount
        self.maxHeaderLineBytes = maxHeaderLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBoundaryBytes = maxBoundaryBytes
        self.maxBoundaryPaddingBytes = maxBoundaryPaddingBytes
    }

    /// The default limits.
    public static let `default` = MultipartParserConfiguration()
}

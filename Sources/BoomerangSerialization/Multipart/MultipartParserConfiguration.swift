/// The limits a ``MultipartParser`` enforces (robustness spec §3.5 and §5).
///
/// Every limit is checked as bytes arrive, so a hostile message is refused after at most one
/// limit's worth of input.
public struct MultipartParserConfiguration: Sendable, Hashable {
    /// The most parts a message may have; default 1000 (Go, Werkzeug).
    public var maximumParts: Int
    /// The most header lines one part may have; default 16.
    public var maximumHeaderLines: Int
    /// The longest part header line, without its CRLF; default 4096 bytes.
    public var maximumHeaderLineLength: Int
    /// The longest part header block, all lines with their CRLFs and the empty line; default 8192 bytes.
    public var maximumHeaderBlockLength: Int
    /// The longest boundary; default 70 (RFC 2046).
    public var maximumBoundaryLength: Int
    /// The most spaces and tabs allowed after a boundary before its CRLF; default 256.
    public var maximumBoundaryPadding: Int

    /// Creates a configuration; every limit defaults to the documented value.
    public init(
        maximumParts: Int = 1000,
        maximumHeaderLines: Int = 16,
        maximumHeaderLineLength: Int = 4096,
        maximumHeaderBlockLength: Int = 8192,
        maximumBoundaryLength: Int = MultipartBoundary.maximumLength,
        maximumBoundaryPadding: Int = 256
    ) {
        self.maximumParts = maximumParts
        self.maximumHeaderLines = maximumHeaderLines
        self.maximumHeaderLineLength = maximumHeaderLineLength
        self.maximumHeaderBlockLength = maximumHeaderBlockLength
        self.maximumBoundaryLength = maximumBoundaryLength
        self.maximumBoundaryPadding = maximumBoundaryPadding
    }

    /// The default limits.
    public static let `default` = MultipartParserConfiguration()
}

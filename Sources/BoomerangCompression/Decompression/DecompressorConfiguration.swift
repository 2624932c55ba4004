/// The limits a ``Decompressor`` enforces against decompression bombs, and its one leniency.
///
/// Output is written in pieces of at most ``maxPieceBytes``, and every limit is checked after each
/// piece, so a hostile body is refused after at most one piece beyond a limit has been decoded,
/// and never handed on: the consumer sees at most ``maxDecodedBytes`` bytes.
public struct DecompressorConfiguration: Sendable, Hashable {
    /// The most bytes the decoded body may have; default 16 MiB. The output is capped at this
    /// size plus one byte, so crossing it costs nothing more than reaching it.
    public var maxDecodedBytes: Int64
    /// The most decoded bytes per coded byte read, once more than ``expansionRatioGraceBytes`` have
    /// been decoded; default 1000. Text compresses 3 to 20 times, repetitive JSON or logs at most a
    /// few hundred times; a run of zeros 1000 times (gzip) to millions of times (zstd). The ratio
    /// is taken against the coded bytes the libraries have read so far, and how far they read
    /// ahead depends on how the body was split, so near the limit the split can decide.
    public var maxExpansionRatio: Int64
    /// How many decoded bytes are exempt from ``maxExpansionRatio``, so that a few coded bytes may
    /// stand for a small body; default 1 MiB.
    public var expansionRatioGraceBytes: Int64
    /// The most codings a `Content-Encoding` may list (`gzip, br` is two); default 3. Each one costs
    /// a decoder and a piece buffer.
    public var maxCodingCount: Int
    /// The largest piece of output written at a time, per coding; default 64 KiB.
    public var maxPieceBytes: Int
    /// Whether `deflate` also accepts raw deflate data (no zlib header and trailer), as browsers do
    /// for responses; default `false`, since RFC 9110 §8.4.1.2 defines `deflate` as zlib-wrapped.
    /// When on, a body whose first two bytes are not a valid zlib header is read as raw deflate.
    public var acceptsRawDeflate: Bool

    /// Creates a configuration; every value defaults to the documented one.
    public init(
        maxDecodedBytes: Int64 = 16 << 20,
        maxExpansionRatio: Int64 = 1000,
        expansionRatioGraceBytes: Int64 = 1 << 20,
        maxCodingCount: Int = 3,
        maxPieceBytes: Int = 64 << 10,
        acceptsRawDeflate: Bool = false
    ) {
        precondition(maxDecodedBytes >= 0 && maxExpansionRatio >= 1 && expansionRatioGraceBytes >= 0)
        precondition(maxCodingCount >= 0 && maxPieceBytes >= 1)
        self.maxDecodedBytes = maxDecodedBytes
        self.maxExpansionRatio = maxExpansionRatio
        self.expansionRatioGraceBytes = expansionRatioGraceBytes
        self.maxCodingCount = maxCodingCount
        self.maxPieceBytes = maxPieceBytes
        self.acceptsRawDeflate = acceptsRawDeflate
    }

    /// The default limits.
    public static let `default` = DecompressorConfiguration()
}

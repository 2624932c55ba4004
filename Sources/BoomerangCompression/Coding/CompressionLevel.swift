/// How hard a ``Compressor`` works: a preset that each coding maps to its own scale, or a level of
/// the library's own scale.
///
/// | preset | gzip, deflate (zlib 0–9) | br (quality 0–11) | zstd (−7–19) |
/// |---|---|---|---|
/// | ``fastest`` | 1 | 0 | 1 |
/// | ``default`` | 6 | 5 | 3 |
/// | ``smallest`` | 9 | 11 | 19 |
///
/// A ``native(_:)`` level is clamped to the range in the table. zstd stops at 19 because higher
/// levels use windows over the 8 MiB that RFC 9659 allows in HTTP.
public struct CompressionLevel: Sendable, Hashable {
    enum Preset: Sendable, Hashable {
        case fastest, standard, smallest
        case native(Int)
    }

    let preset: Preset

    /// The fastest setting of each library.
    public static let fastest = CompressionLevel(preset: .fastest)
    /// A balance suited to compressing responses on the fly.
    public static let `default` = CompressionLevel(preset: .standard)
    /// The smallest output each library can make (slow, brotli's most of all).
    public static let smallest = CompressionLevel(preset: .smallest)

    /// A level on the library's own scale, clamped to its range (see the table above).
    public static func native(_ level: Int) -> CompressionLevel {
        CompressionLevel(preset: .native(level))
    }

    /// The library's level for `coding`.
    func value(for coding: ContentCoding) -> Int32 {
        let (fastest, standard, smallest, range): (Int, Int, Int, ClosedRange<Int>) =
            switch coding.kind {
            case .gzip, .deflate, .identity: (1, 6, 9, 0...9)
            case .brotli: (0, 5, 11, 0...11)
            case .zstd: (1, 3, 19, -7...19)
            }
        return switch preset {
        case .fastest: Int32(fastest)
        case .standard: Int32(standard)
        case .smallest: Int32(smallest)
        case .native(let level): Int32(min(max(level, range.lowerBound), range.upperBound))
        }
    }
}

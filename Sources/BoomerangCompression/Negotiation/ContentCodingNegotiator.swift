/// Chooses the content coding of a response from the request's `Accept-Encoding`
/// ([RFC 9110 §12.5.3](https://www.rfc-editor.org/rfc/rfc9110#section-12.5.3)).
///
/// - No `Accept-Encoding` field: ``ContentCoding/identity``. RFC 9110 lets the server pick any
///   coding then, but a client that sends no field may not decode one.
/// - Otherwise the offered coding with the highest weight wins; equal weights go to the earlier
///   coding in ``offered`` (by default zstd, br, gzip, deflate). A coding of weight 0 (`gzip;q=0`,
///   or `*;q=0` without its own element) is never chosen.
/// - ``ContentCoding/identity`` wins only when the field weighs it (by name or `*`) higher than
///   every offered coding (`gzip;q=0.5, identity`), or when no offered coding is acceptable; a
///   field that does not mention it leaves it as the fallback (`gzip;q=0.8` gives gzip). An
///   empty field value leaves only identity acceptable.
/// - `nil` when nothing is acceptable, identity included (`identity;q=0`, or `*;q=0` with no
///   acceptable coding): answer 406, or send identity anyway as RFC 9110 allows.
///
/// ```swift
/// ContentCodingNegotiator().negotiate(acceptEncoding: "gzip, deflate, br")  // .brotli
/// ContentCodingNegotiator().negotiate(acceptEncoding: "gzip;q=1, br;q=0.8") // .gzip
/// ```
///
/// A response whose coding depends on `Accept-Encoding` should carry `Vary: Accept-Encoding`.
public struct ContentCodingNegotiator: Sendable, Hashable {
    /// The codings the server is willing to use, in its order of preference for equal weights.
    public var offered: [ContentCoding]

    /// Creates a negotiator; the default offers every coding, zstd first.
    public init(offered: [ContentCoding] = ContentCoding.compressing) {
        self.offered = offered.filter { $0 != .identity }
    }

    /// The coding for an `Accept-Encoding` field value (several fields joined with commas), or `nil`
    /// when nothing, not even identity, is acceptable.
    public func negotiate(acceptEncoding: String?) -> ContentCoding? {
        guard let acceptEncoding else { return .identity }
        return negotiate(AcceptEncoding(parsing: acceptEncoding))
    }

    /// The coding for a parsed field, or `nil` when nothing is acceptable.
    public func negotiate(_ acceptEncoding: AcceptEncoding) -> ContentCoding? {
        var best: (coding: ContentCoding, quality: Int)?
        for coding in offered {
            let quality = acceptEncoding.quality(of: coding) ?? 0
            if quality > 0 && quality > (best?.quality ?? 0) {
                best = (coding, quality)
            }
        }
        // An identity the field does not mention is a fallback, not a rival: `gzip;q=0.8` means gzip.
        let identity = acceptEncoding.quality(of: .identity)
        if let best, best.quality >= (identity ?? 0) {
            return best.coding
        }
        return (identity ?? 1000) > 0 ? .identity : nil
    }
}

/// The limits of ``QueryStringDecoder``, which bound the work a hostile input can cause
/// (robustness spec §3.6 and §5).
public struct QueryStringDecoderConfiguration: Sendable, Hashable {
    /// The most pairs accepted; more is ``QueryStringError/Code/tooManyPairs``. Default 1000.
    public var maxPairCount: Int
    /// The longest raw key, in bytes before percent-decoding; longer is
    /// ``QueryStringError/Code/keyTooLong``. Default 1024.
    public var maxKeyBytes: Int
    /// The most bracket segments read from a key; the rest stays a literal key. Default 5,
    /// at most 64.
    public var maxDepth: Int
    /// The largest `[i]` read as an array index; larger is a dictionary key. Default 20.
    public var maxArrayIndex: Int

    /// Creates a configuration; the defaults are `qs`'s and PHP's.
    ///
    /// - Precondition: every limit is not negative and `maxDepth` ≤ 64.
    public init(maxPairCount: Int = 1000, maxKeyBytes: Int = 1024, maxDepth: Int = 5, maxArrayIndex: Int = 20) {
        precondition(maxPairCount >= 0 && maxKeyBytes >= 0 && maxArrayIndex >= 0, "limits are not negative")
        precondition((0...64).contains(maxDepth), "maxDepth is between 0 and 64")
        self.maxPairCount = maxPairCount
        self.maxKeyBytes = maxKeyBytes
        self.maxDepth = maxDepth
        self.maxArrayIndex = maxArrayIndex
    }
}

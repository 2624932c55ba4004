/// How ``BinaryPropertyListWriter`` writes: nulls and the nesting limit.
public struct BinaryPropertyListWriterConfiguration: Sendable, Hashable {
    /// How nulls are written.
    public var nullStrategy: PropertyListNullStrategy
    /// The deepest nesting written; deeper trees throw ``FormatWriterError/Code/depthLimitExceeded``.
    public var maxDepth: Int

    /// Creates a configuration; the defaults omit nulls.
    public init(nullStrategy: PropertyListNullStrategy = .omit, maxDepth: Int = 512) {
        self.nullStrategy = nullStrategy
        self.maxDepth = maxDepth
    }
}

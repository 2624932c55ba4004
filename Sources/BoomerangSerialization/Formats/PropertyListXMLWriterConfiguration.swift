/// How ``PropertyListXMLWriter`` writes: key order, nulls and the nesting limit.
public struct PropertyListXMLWriterConfiguration: Sendable, Hashable {
    /// The order of dictionary keys; `.sorted` matches Foundation.
    public var keyOrder: PropertyListXMLWriter.KeyOrder
    /// How nulls are written.
    public var nullStrategy: PropertyListNullStrategy
    /// The deepest nesting written; deeper trees throw ``FormatWriterError/Code/depthLimitExceeded``.
    public var maxDepth: Int

    /// Creates a configuration; the defaults match Foundation and omit nulls.
    public init(keyOrder: PropertyListXMLWriter.KeyOrder = .sorted, nullStrategy: PropertyListNullStrategy = .omit, maxDepth: Int = 512) {
        self.keyOrder = keyOrder
        self.nullStrategy = nullStrategy
        self.maxDepth = maxDepth
    }
}

/// The limits of ``PropertyListReader``.
public struct PropertyListReaderConfiguration: Sendable, Hashable {
    /// The longest input in bytes. Default 10 MiB.
    public var maxInputBytes: Int
    /// The deepest nesting converted. Default 64; the readers never go deeper than 512 levels,
    /// whatever this says.
    public var maxDepth: Int

    /// Creates a configuration with the documented defaults.
    public init(maxInputBytes: Int = 10 * 1024 * 1024, maxDepth: Int = 64) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
    }
}

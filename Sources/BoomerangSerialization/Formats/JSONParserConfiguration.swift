/// The limits and policies of ``JSONParser``.
public struct JSONParserConfiguration: Sendable, Hashable {
    /// The deepest nesting of arrays and objects. Default 64.
    public var maxDepth: Int
    /// The longest input in bytes. Default 10 MiB (the server's default body limit).
    public var maxInputBytes: Int
    /// The longest number literal in bytes. Default 1,000.
    public var maxNumberBytes: Int
    /// Duplicate keys. Default `.lastWins`.
    public var duplicateKeys: JSONParser.DuplicateKeyPolicy
    /// A leading byte order mark. Default `.reject`.
    public var byteOrderMark: JSONParser.ByteOrderMarkPolicy

    /// Creates a configuration with the documented defaults.
    public init(
        maxDepth: Int = 64,
        maxInputBytes: Int = 10 * 1024 * 1024,
        maxNumberBytes: Int = 1000,
        duplicateKeys: JSONParser.DuplicateKeyPolicy = .lastWins,
        byteOrderMark: JSONParser.ByteOrderMarkPolicy = .reject
    ) {
        self.maxDepth = maxDepth
        self.maxInputBytes = maxInputBytes
        self.maxNumberBytes = maxNumberBytes
        self.duplicateKeys = duplicateKeys
        self.byteOrderMark = byteOrderMark
    }
}

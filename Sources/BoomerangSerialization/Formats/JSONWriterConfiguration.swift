/// How ``JSONWriter`` writes: layout, escaping, `data` leaves and the nesting limit.
public struct JSONWriterConfiguration: Sendable, Hashable {
    /// Indent with two spaces and put each member on its own line.
    public var pretty: Bool
    /// Write non-ASCII characters as `\uXXXX` escapes.
    public var escapeNonASCII: Bool
    /// How `data` leaves are written.
    public var dataEncoding: JSONWriter.DataEncoding
    /// End the document with a line feed (Flask's `jsonify` does).
    public var trailingNewline: Bool
    /// The deepest nesting written; deeper trees throw ``FormatWriterError/Code/depthLimitExceeded``.
    public var maxDepth: Int

    /// Creates a configuration; the defaults give compact UTF-8 output with base64 data.
    public init(
        pretty: Bool = false,
        escapeNonASCII: Bool = false,
        dataEncoding: JSONWriter.DataEncoding = .base64,
        trailingNewline: Bool = false,
        maxDepth: Int = 512
    ) {
        self.pretty = pretty
        self.escapeNonASCII = escapeNonASCII
        self.dataEncoding = dataEncoding
        self.trailingNewline = trailingNewline
        self.maxDepth = maxDepth
    }

    /// Compact output, no trailing newline.
    public static let compact = JSONWriterConfiguration()
    /// httpbin's output: two-space indent and a trailing newline.
    public static let pretty = JSONWriterConfiguration(pretty: true, trailingNewline: true)
}

/// How ``XMLWriter`` writes: the root element, layout and the nesting limit.
public struct XMLWriterConfiguration: Sendable, Hashable {
    /// The name of the document element.
    public var rootElementName: String
    /// Indent with two spaces and put each element on its own line.
    public var pretty: Bool
    /// The deepest nesting written; deeper trees throw ``FormatWriterError/Code/depthLimitExceeded``.
    public var maxDepth: Int

    /// Creates a configuration.
    ///
    /// - Precondition: `rootElementName` is a name ``XMLWriter/isElementName(_:)`` accepts.
    public init(rootElementName: String = "root", pretty: Bool = true, maxDepth: Int = 512) {
        precondition(XMLWriter.isElementName(rootElementName), "invalid XML root element name")
        self.rootElementName = rootElementName
        self.pretty = pretty
        self.maxDepth = maxDepth
    }
}

/// An error from one of the format writers (``JSONWriter``, ``PropertyListXMLWriter``,
/// ``BinaryPropertyListWriter``, ``XMLWriter``).
public struct FormatWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The tree is nested deeper than the writer's `maxDepth`.
        public static let depthLimitExceeded = Code("depthLimitExceeded")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// The depth at which the writer stopped.
    public var depth: Int

    /// Creates an error.
    public init(code: Code, depth: Int) {
        self.code = code
        self.depth = depth
    }

    /// A one-line description.
    public var description: String {
        "\(code) at depth \(depth)"
    }
}

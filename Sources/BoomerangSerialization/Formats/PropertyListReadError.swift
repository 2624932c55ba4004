/// An error from ``PropertyListReader``.
public struct PropertyListReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The input is longer than ``PropertyListReaderConfiguration/maxInputBytes``.
        public static let inputTooLarge = Code("inputTooLarge")
        /// The input is empty.
        public static let emptyInput = Code("emptyInput")
        /// Foundation could not read the input as an XML, binary or OpenStep property list.
        public static let malformed = Code("malformed")
        /// The property list holds something a ``StructuredValue`` cannot (a keyed-archiver UID, a
        /// non-string dictionary key, an integer beyond `Int64` and `UInt64`).
        public static let unsupportedValue = Code("unsupportedValue")
        /// Containers nested deeper than ``PropertyListReaderConfiguration/maxDepth``.
        public static let depthLimitExceeded = Code("depthLimitExceeded")

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// Foundation's explanation for ``Code/malformed`` (its debug description, which names the
    /// line for XML), the offending type's name for ``Code/unsupportedValue``, otherwise empty.
    public var value: String
    /// The byte offset when one is known (the size limit); Foundation does not report offsets.
    public var offset: Int?

    /// Creates an error.
    public init(code: Code, value: String, offset: Int? = nil) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// A one-line description.
    public var description: String {
        "property list \(code)" + (offset.map { " at byte \($0)" } ?? "") + (value.isEmpty ? "" : ": \(value)")
    }
}

/// Why a mapping file, or a mapping sent to the admin API, could not be used: the file, the line
/// (1-based, when known) and what is wrong. Printed as `file:line: message`.
public struct MappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault it is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A short stable name, such as `syntax`.
        public let name: String

        /// The text is not valid YAML or JSON.
        public static let syntax = Code(name: "syntax")
        /// The document is valid but is not a mapping Boomerang understands.
        public static let invalidMapping = Code(name: "invalidMapping")
        /// A file cannot be read (or a `bodyFileName` is missing or outside `files/`).
        public static let unreadable = Code(name: "unreadable")
        /// Two mappings have the same id.
        public static let duplicateID = Code(name: "duplicateID")

        public var description: String { name }
    }

    public var code: Code
    /// The file, as its path was given; `(admin API)` for a mapping sent at run time.
    public var file: String
    /// The line the fault is on or starts at, 1-based; nil when no line applies (an unreadable file).
    public var line: Int?
    /// What is wrong and, where it helps, what would be right.
    public var message: String

    public init(_ code: Code, file: String, line: Int?, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message` (`file: message` without a line).
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}


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
    /// The broken mapping's place in a file of `mappings: [...]`, from 0; nil for a file of one
    /// mapping and for a fault of the whole file.
    public var index: Int?
    /// The broken mapping's `name`, when it has one.
    public var name: String?
    /// Whether the mapping (or, for a fault of the whole file, the file) still answers with the
    /// version that last loaded, set by a reload.
    public var keepsPrevious = false
    /// Whether the fault is the whole file's (it could not be read or parsed), not one mapping's.
    public var isWholeFile = false

    public init(_ code: Code, file: String, line: Int?, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.message = message
    }

    /// Which mapping of its file it is about: `mappings[2] "get-user"`, `mapping "get-user"`;
    /// nil when neither an index nor a name applies.
    public var mappingLabel: String? {
        let quoted = name.map { "\"\($0)\"" }
        if let index { return "mappings[\(index)]" + (quoted.map { " " + $0 } ?? "") }
        return quoted.map { "mapping " + $0 }
    }

    /// `file:line: mappings[2] "name": message` (without a line, index or name when they do not
    /// apply), and what stays in force when a reload kept the last good version.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let mappingLabel { text += ": " + mappingLabel }
        text += ": " + message
        if keepsPrevious {
            text += isWholeFile ? " (the file's last good mappings stay in force)" : " (its last good version stays in force)"
        }
        return text
    }
}

/// An error from ``PropertyListReader``.
public struct PropertyListReadError: PositionedError, Hashable {
    /// What went wrong. Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The input is longer than ``PropertyListReaderConfiguration/maxInputBytes``.
        public static let inputTooLarge = Code("inputTooLarge")
        /// The input is empty.
        public static let emptyInput = Code("emptyInput")
        /// The input is not an XML, binary or OpenStep property list: a syntax error other than
        /// the more precise codes below (an unexpected character, a missing close tag, a damaged
        /// binary trailer or offset table).
        public static let malformed = Code("malformed")
        /// The input ends inside a value, a tag, a comment or a quoted string.
        public static let unexpectedEnd = Code("unexpectedEnd")
        /// An XML element that is not part of the property-list vocabulary, or one in a place it
        /// cannot be (a `<key>` outside a `<dict>`, a value where a `<key>` must be).
        public static let unknownElement = Code("unknownElement")
        /// An XML close tag that does not match the open one.
        public static let mismatchedTag = Code("mismatchedTag")
        /// An entity other than the five predefined ones (DTDs are never read), or a character
        /// reference that names no Unicode scalar.
        public static let unknownEntity = Code("unknownEntity")
        /// An `<integer>` or `<real>` that is not a number, or an integer beyond `Int64` and `UInt64`.
        public static let invalidNumber = Code("invalidNumber")
        /// A `<date>` that is not `YYYY-MM-DDThh:mm:ssZ` with fields in range.
        public static let invalidDate = Code("invalidDate")
        /// `<data>` that is not base64, or OpenStep `<data>` that is not hex.
        public static let invalidData = Code("invalidData")
        /// Text that is not UTF-8, an XML declaration naming another encoding, or an OpenStep
        /// octal escape above `\177`.
        public static let invalidText = Code("invalidText")
        /// Something after the end of the document other than whitespace, comments and processing
        /// instructions.
        public static let trailingContent = Code("trailingContent")
        /// A binary property list whose object references form a cycle, or whose shared
        /// references would expand to more values than the input's size allows.
        public static let invalidReference = Code("invalidReference")
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
    /// The offending text (an element's or entity's name, a number's text) or an explanation of
    /// a syntax error; the offending type's name for ``Code/unsupportedValue``; empty for the limits.
    public var value: String
    /// The byte offset in the input where the problem was found, when one is known.
    public var offset: Int?

    /// Creates an error.
    public init(code: Code, value: String, offset: Int? = nil) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// `property list`, for ``description``: `property list unknownElement at byte 40: "foo"`.
    public static var subject: String { "property list" }
}

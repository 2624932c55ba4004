/// A failure to percent-decode text.
///
/// Carries what went wrong, the offending text and the byte offset in the input where it starts,
/// so that a caller can point at it (`%G1` at offset 4).
public struct PercentDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; an open set.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// A `%` not followed by two hex digits: `%G1`, `%1` at the end, a lone `%` at the end.
        public static let malformedEscape = Code(rawValue: "malformedEscape")
        /// The decoded bytes are not valid UTF-8 where text was asked for.
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")
    }

    /// What went wrong.
    public var code: Code
    /// The offending input: the malformed escape as written (`%G1`, `%1`, `%`), or the invalid
    /// UTF-8 sequence with every byte as `%XX`.
    public var value: String
    /// The byte offset in the input where the offending text starts.
    public var offset: Int

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// A one-line summary: code, offending value and offset.
    public var description: String {
        "\(code) \"\(value)\" at byte \(offset)"
    }
}

/// The error shape the core's small text parsers share: a code from an open set, the offending
/// text, and the byte offset in the input where it starts (`%G1` at byte 4).
///
/// Each parser names its own error as this type over a domain, so that its codes stay its own:
/// ``MediaTypeError``, ``PercentDecodingError``, ``QueryStringError``.
public struct TextParseError<Domain: TextParseErrorDomain>: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; an open set, whose members each domain declares.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The offending text, as the domain documents it.
    public var value: String
    /// The byte offset in the input where the offending text starts.
    public var offset: Int

    /// Creates an error.
    public init(code: Code, value: String, offset: Int) {
        self.code = code
        self.value = value
        self.offset = offset
    }

    /// A one-line summary, in the domain's words.
    public var description: String { Domain.describe(self) }
}

/// The parser a ``TextParseError`` comes from: it declares the codes (as static members of
/// ``TextParseError/Code``) and may word the description.
public protocol TextParseErrorDomain: Sendable {
    /// The one-line description of an error; by default the code, the offending text in quotes
    /// and the offset: `malformedEscape "%G1" at byte 4`.
    static func describe(_ error: TextParseError<Self>) -> String
}

extension TextParseErrorDomain {
    /// The code, the offending text in quotes and the offset.
    public static func describe(_ error: TextParseError<Self>) -> String {
        "\(error.code) \"\(error.value)\" at byte \(error.offset)"
    }
}

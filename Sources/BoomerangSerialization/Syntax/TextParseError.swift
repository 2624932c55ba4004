/// The error shape the core's small text parsers share: a code from an open set, the offending
/// text, and the byte offset in the input where it starts (`%G1` at byte 4).
///
/// Each parser names its own error as this type over a domain, so that its codes stay its own:
/// ``MediaTypeError``, ``PercentDecodingError``, ``QueryStringError``.
public struct TextParseError<Domain: TextParseErrorDomain>: PositionedError, Hashable {
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

    /// The domain's subject, for ``description``: `percent encoding malformedEscape at byte 4: "%G1"`.
    public static var subject: String { Domain.subject }
}

/// The parser a ``TextParseError`` comes from: it declares the codes (as static members of
/// ``TextParseError/Code``) and names its input.
public protocol TextParseErrorDomain: Sendable {
    /// The first words of an error's description, naming the input: `media type`.
    static var subject: String { get }
}

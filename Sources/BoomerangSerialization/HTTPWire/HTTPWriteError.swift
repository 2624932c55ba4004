/// Why ``HTTPRequestWriter`` could not turn a request into wire bytes.
public struct HTTPWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. An open set: new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A short stable name, such as `invalidURL`.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The code's name.
        public var description: String { name }

        /// The URL is not absolute (`scheme://authority…`) or holds bytes a request target cannot.
        public static let invalidURL = Code("invalidURL")
        /// The method is not a token.
        public static let invalidMethod = Code("invalidMethod")
        /// A header name is not a token.
        public static let invalidHeaderName = Code("invalidHeaderName")
        /// A header value holds CR, LF, NUL or another control other than HTAB.
        public static let invalidHeaderValue = Code("invalidHeaderValue")
        /// A stream produced a different number of bytes than its declared length.
        public static let bodyLengthMismatch = Code("bodyLengthMismatch")
    }

    /// What went wrong.
    public var code: Code
    /// The offending value, escaped as `ByteExcerpt` escapes it.
    public var value: String

    /// Creates an error.
    public init(code: Code, value: String) {
        self.code = code
        self.value = value
    }

    /// The code and value, for logs.
    public var description: String { "\(code.name): \"\(value)\"" }
}

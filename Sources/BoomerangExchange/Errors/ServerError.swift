import BoomerangSerialization

/// Why the server refuses or cannot serve a request: the one error type every route, responder
/// and the connection turn into a response, through ``response(for:)``.
///
/// Its ``Code`` knows the status to answer with and whether the connection must close after it,
/// so no call site decides either again.
///
/// ```swift
/// throw ServerError(.notFound, "no route for /nope")
/// throw ServerError(.invalidParameter, "n must be 0–100", value: "1e9")
/// ```
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. An open set: each domain declares its codes in an extension.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A short stable name, such as `notFound`, sent as `error.code`.
        public let name: String
        /// The HTTP status to answer with.
        public let status: Int
        /// Whether the connection closes after the answer: true when the framing of what follows
        /// cannot be trusted.
        public let closesConnection: Bool

        /// Declares a code.
        public init(_ name: String, status: Int, closesConnection: Bool = false) {
            self.name = name
            self.status = status
            self.closesConnection = closesConnection
        }

        /// The code's name.
        public var description: String { name }
    }

    /// What went wrong.
    public var code: Code
    /// One line for a person: what was wrong and what would be right.
    public var message: String
    /// The offending value, when there is one.
    public var value: String?
    /// The byte offset in the input where a parser stopped, when there is one.
    public var offset: Int?
    /// Headers the answer must carry (`Allow` on a 405, `WWW-Authenticate` on a 401, …).
    public var headers: HTTPHeaders
    /// Members the error object carries after the standard ones, in every format: the near-miss
    /// 404's `nearestMapping`.
    public var extraFields = StructuredObject()
    /// Members of the document beside `error`: the multipart 400's `body`, `diagnostics` and
    /// `multipart`, which describe the request the error is about.
    public var documentFields = StructuredObject()

    /// Creates an error.
    public init(_ code: Code, _ message: String, value: String? = nil, offset: Int? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.code = code
        self.message = message
        self.value = value
        self.offset = offset
        self.headers = headers
    }

    /// The status the answer carries.
    public var status: Int { code.status }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

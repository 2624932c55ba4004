/// An error from a response serializer: validation failures and decoding failures, shaped like the
/// `NSError`s AFNetworking returns so reports can show the same domain, code and text.
///
/// AFNetworking chains errors through `NSUnderlyingErrorKey`; here ``underlyingError`` does that:
/// a status failure carries the content-type failure underneath, a parse failure carries the
/// validation failure underneath.
///
/// ```swift
/// let result = JSONResponseSerializer().serialize(response: notFound, data: body)
/// result.error?.code                    // .unacceptableStatusCode
/// result.error?.number                  // -1011
/// result.error?.underlyingError?.code   // .unacceptableContentType, when the type was wrong too
/// ```
public struct ResponseSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with the domain and code number AFNetworking (or Foundation) would report.
    /// Open for new members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        /// The `NSError` domain reported for this code.
        public let domain: String
        /// The `NSError` code number reported for this code (specific errors may carry another).
        public let number: Int

        private init(_ name: String, domain: String, number: Int) {
            self.name = name
            self.domain = domain
            self.number = number
        }

        /// The response's MIME type is not acceptable (`NSURLErrorCannotDecodeContentData`, -1016, in
        /// ``ResponseSerializationError/afNetworkingDomain``).
        public static let unacceptableContentType = Code(
            "unacceptableContentType",
            domain: afNetworkingDomain,
            number: -1016
        )
        /// The status code is not acceptable (`NSURLErrorBadServerResponse`, -1011).
        public static let unacceptableStatusCode = Code(
            "unacceptableStatusCode",
            domain: afNetworkingDomain,
            number: -1011
        )
        /// Alamofire validation: the response has no `Content-Type` and no acceptable entry is `*/*`.
        public static let missingContentType = Code("missingContentType", domain: alamofireDomain, number: 0)
        /// Alamofire serialization: the data is nil or empty and an empty response is not allowed.
        public static let inputDataNilOrZeroLength = Code(
            "inputDataNilOrZeroLength",
            domain: alamofireDomain,
            number: 0
        )
        /// The body is not JSON (`NSPropertyListReadCorruptError`, 3840, in `NSCocoaErrorDomain`).
        public static let invalidJSON = Code("invalidJSON", domain: cocoaDomain, number: 3840)
        /// The body is a JSON value that is not an array or object and fragments are not allowed
        /// (3840 in `NSCocoaErrorDomain`).
        public static let jsonFragmentNotAllowed = Code("jsonFragmentNotAllowed", domain: cocoaDomain, number: 3840)
        /// The body is not a property list, empty data included (3840 in `NSCocoaErrorDomain`).
        public static let invalidPropertyList = Code("invalidPropertyList", domain: cocoaDomain, number: 3840)
        /// The body is not a well-formed XML document (`NSXMLParserErrorDomain`; the number is the
        /// parser's error code).
        public static let invalidXML = Code("invalidXML", domain: xmlParserDomain, number: 0)
        /// The body is not an image of a recognised format (`NSURLErrorCannotDecodeContentData`,
        /// -1016, in `NSURLErrorDomain`, deliberately not AFNetworking's domain).
        public static let unrecognizedImage = Code("unrecognizedImage", domain: urlDomain, number: -1016)
        /// The body starts like a known image format but ends before its size is known (-1016 in
        /// `NSURLErrorDomain`).
        public static let truncatedImage = Code("truncatedImage", domain: urlDomain, number: -1016)

        /// The code's name.
        public var description: String { name }
    }

    /// AFNetworking's response serialization domain.
    public static let afNetworkingDomain = "com.alamofire.error.serialization.response"
    /// Foundation's domain for parse errors.
    public static let cocoaDomain = "NSCocoaErrorDomain"
    /// Foundation's URL loading domain.
    public static let urlDomain = "NSURLErrorDomain"
    /// Foundation's XML parser domain.
    public static let xmlParserDomain = "NSXMLParserErrorDomain"
    /// The domain Alamofire's `AFError` bridges to.
    public static let alamofireDomain = "Alamofire.AFError"

    /// What went wrong.
    public var code: Code
    /// The `NSError` domain to report.
    public var domain: String
    /// The `NSError` code number to report.
    public var number: Int
    /// The text AFNetworking puts in `NSLocalizedDescriptionKey` (or Foundation's debug description
    /// for parse errors).
    public var message: String
    /// The response (`com.alamofire.serialization.response.error.response`), when one is attached.
    public var response: ResponseValue?
    /// The body that failed (`com.alamofire.serialization.response.error.data`), when attached.
    public var data: [UInt8]?
    /// The byte offset of a parse error in the body, when known.
    public var offset: Int?
    private var underlying: [ResponseSerializationError]

    /// Creates an error; domain and number default to the code's.
    public init(
        code: Code,
        message: String,
        response: ResponseValue? = nil,
        data: [UInt8]? = nil,
        offset: Int? = nil,
        domain: String? = nil,
        number: Int? = nil,
        underlyingError: ResponseSerializationError? = nil
    ) {
        self.code = code
        self.domain = domain ?? code.domain
        self.number = number ?? code.number
        self.message = message
        self.response = response
        self.data = data
        self.offset = offset
        self.underlying = underlyingError.map { [$0] } ?? []
    }

    /// The error underneath (`NSUnderlyingErrorKey`), if any.
    public var underlyingError: ResponseSerializationError? {
        get { underlying.first }
        set { underlying = newValue.map { [$0] } ?? [] }
    }

    /// This error followed by each underlying error, outermost first.
    public var chain: [ResponseSerializationError] {
        var result: [ResponseSerializationError] = []
        var current: ResponseSerializationError? = self
        while let error = current {
            result.append(error)
            current = error.underlyingError
        }
        return result
    }

    /// `AFErrorOrUnderlyingErrorHasCodeInDomain`: whether this error or one underneath has `number`
    /// in `domain`.
    public func hasNumber(_ number: Int, inDomain domain: String) -> Bool {
        chain.contains { $0.number == number && $0.domain == domain }
    }

    /// `AFErrorWithUnderlyingError`: `error` with `underlying` attached, unless `error` is `nil` (then
    /// `underlying`), `underlying` is `nil`, or `error` already has one (then `error` unchanged).
    public static func attaching(
        _ underlying: ResponseSerializationError?,
        to error: ResponseSerializationError?
    ) -> ResponseSerializationError? {
        guard var error else { return underlying }
        guard let underlying, error.underlyingError == nil else { return error }
        error.underlyingError = underlying
        return error
    }

    /// The domain, number and message, then each underlying error.
    public var description: String {
        chain.map { "\($0.domain) \($0.number) (\($0.code)): \($0.message)" }.joined(separator: " <- ")
    }
}

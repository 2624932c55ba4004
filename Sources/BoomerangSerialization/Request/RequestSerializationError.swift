/// A failure to build a request from parameters.
///
/// Each error names the AFNetworking error it corresponds to (``domain`` and ``errorCode``), so a
/// report can say what AFNetworking would have returned.
public struct RequestSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
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

        /// The parameters cannot be written as JSON: NaN or an infinity, a set, data, or a
        /// top-level scalar without ``JSONWritingOptions/fragmentsAllowed``. AFNetworking:
        /// `com.alamofire.error.serialization.request`, -1016.
        public static let invalidJSONParameters = Code(rawValue: "invalidJSONParameters")
        /// Foundation's `PropertyListSerialization` refused the parameters (`NSCocoaErrorDomain`,
        /// usually 3851 for a null or a set).
        public static let propertyListWriteFailed = Code(rawValue: "propertyListWriteFailed")
        /// The parameters nest deeper than the property-list writer accepts.
        public static let nestingTooDeep = Code(rawValue: "nestingTooDeep")
    }

    /// AFNetworking's request-serialization error domain.
    public static let afnetworkingDomain = "com.alamofire.error.serialization.request"

    /// What went wrong.
    public var code: Code
    /// The offending value, described (`nan`, `set`, `data`, `top-level string`).
    public var value: String
    /// The error domain AFNetworking reports for this failure.
    public var domain: String
    /// The error code AFNetworking reports for this failure.
    public var errorCode: Int
    /// The failure reason AFNetworking reports, or Foundation's description.
    public var failureReason: String

    /// Creates an error.
    public init(code: Code, value: String, domain: String, errorCode: Int, failureReason: String) {
        self.code = code
        self.value = value
        self.domain = domain
        self.errorCode = errorCode
        self.failureReason = failureReason
    }

    /// The error AFNetworking's JSON serializer returns for parameters that are not valid JSON.
    public static func invalidJSON(_ value: String) -> RequestSerializationError {
        RequestSerializationError(
            code: .invalidJSONParameters,
            value: value,
            domain: afnetworkingDomain,
            errorCode: -1016,
            failureReason: "The `parameters` argument is not valid JSON."
        )
    }

    /// A one-line summary: code, AFNetworking domain and code, reason and offending value.
    public var description: String {
        "\(code) (\(domain) \(errorCode)): \(failureReason) [\(value)]"
    }
}

/// Whose validation and empty-body rules a serializer follows.
public enum ResponseValidationMode: Sendable, Hashable {
    /// AFNetworking 4 (the default): exact content-type membership, no content type plus an empty
    /// body passes, a wrong type with an empty body is invalid without an error, errors only for
    /// responses with a URL, the status error on top of the content-type error, and decoding goes on
    /// after a status-only failure.
    case afNetworking
    /// Alamofire 5's `validate` and response-serializer rules (see ``AlamofireConfiguration``).
    case alamofire(AlamofireConfiguration)
}

/// The Alamofire 5 rules (spec §4.4–4.5), used by ``ResponseValidationMode/alamofire(_:)``.
///
/// - Validation: the status first, then the content type; **the first failure wins** and no
///   object is returned with it. Acceptable content types may be `type/*`, `*/subtype` or `*/*`;
///   nil or empty data passes the content-type check whatever the type; a response without a
///   MIME type passes only when an acceptable entry is exactly `*/*`. The response URL plays no
///   part.
/// - Empty bodies: nil or empty data is allowed when the status is in ``emptyResponseCodes`` or the
///   request method in ``emptyRequestMethods``; the data serializer then gives `[]` and the JSON
///   serializer `null`. Otherwise it is ``ResponseSerializationError/Code/inputDataNilOrZeroLength``.
///   (Property-list, XML and image serializers have no Alamofire counterpart: in this mode they
///   use Alamofire validation and AFNetworking decoding.)
/// - ``dataPreprocessor`` runs on non-empty data before decoding.
public struct AlamofireConfiguration: Sendable, Hashable {
    /// Status codes for which an empty body is a valid empty value. Default 204 and 205.
    public var emptyResponseCodes: Set<Int>
    /// Request methods for which an empty body is a valid empty value. Default HEAD.
    public var emptyRequestMethods: Set<HTTPMethod>
    /// The transformation applied to the data before decoding. Default passthrough.
    public var dataPreprocessor: DataPreprocessor

    /// Alamofire's data preprocessors.
    public enum DataPreprocessor: Sendable, Hashable {
        /// The data unchanged.
        case passthrough
        /// `GoogleXSSIPreprocessor`: drops a leading `)]}',` followed by a newline.
        case googleXSSI

        /// Applies the preprocessor.
        public func process(_ data: [UInt8]) -> [UInt8] {
            switch self {
            case .passthrough:
                return data
            case .googleXSSI:
                let prefix: [UInt8] = Array(")]}',\n".utf8)
                return data.starts(with: prefix) ? Array(data.dropFirst(prefix.count)) : data
            }
        }
    }

    /// Creates a configuration with Alamofire's defaults.
    public init(
        emptyResponseCodes: Set<Int> = [204, 205],
        emptyRequestMethods: Set<HTTPMethod> = [.head],
        dataPreprocessor: DataPreprocessor = .passthrough
    ) {
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
        self.dataPreprocessor = dataPreprocessor
    }

    /// Whether an empty body is acceptable for `response`.
    public func allowsEmptyResponse(_ response: ResponseValue?) -> Bool {
        guard let response else { return false }
        if let method = response.requestMethod, emptyRequestMethods.contains(method) { return true }
        return emptyResponseCodes.contains(response.statusCode)
    }
}

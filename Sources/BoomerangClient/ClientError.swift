import BoomerangSerialization

/// Why a ``SessionManager`` call failed: AFNetworking's failure block, as a value.
///
/// Four stages can fail, told apart by ``code``; each carries the error of its stage:
/// - before anything is sent: ``Code/invalidURL``, ``Code/requestSerialization`` (with
///   ``requestSerializationError`` when the core's serializer threw it), ``Code/multipartBody``
///   (with ``multipartError``);
/// - on the wire: ``Code/transport`` (with Foundation's ``transportErrorCode``);
/// - after the response: ``Code/responseSerialization``, with the serializer's
///   ``serializationError`` (such as `com.alamofire.error.serialization.response` -1011 for an
///   unacceptable status), the ``response``, the ``data`` and any ``object`` the serializer
///   decoded anyway.
public struct ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stage that failed; an open set.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// The path does not resolve against the base URL to a URL (AFNetworking asserts).
        public static let invalidURL = Code(rawValue: "invalidURL")
        /// The request serializer threw; nothing was sent.
        public static let requestSerialization = Code(rawValue: "requestSerialization")
        /// A multipart body could not be built or written out; nothing was sent.
        public static let multipartBody = Code(rawValue: "multipartBody")
        /// The session failed: connection refused, timeout, cancellation.
        public static let transport = Code(rawValue: "transport")
        /// The response serializer reported an error (validation or decoding).
        public static let responseSerialization = Code(rawValue: "responseSerialization")
    }

    /// Foundation's URL error domain, for ``Code/transport`` and ``Code/invalidURL``.
    public static let urlErrorDomain = "NSURLErrorDomain"

    /// The stage that failed.
    public var code: Code
    /// The URL of the request, or the path when it did not resolve.
    public var value: String
    /// A one-line description of the underlying error.
    public var message: String
    /// The core request serializer's error, for ``Code/requestSerialization``.
    public var requestSerializationError: RequestSerializationError?
    /// The multipart error, for ``Code/multipartBody`` when the core threw it.
    public var multipartError: MultipartFormDataError?
    /// Foundation's `URLError` code, for ``Code/transport``.
    public var transportErrorCode: Int?
    /// The response serializer's error, for ``Code/responseSerialization``.
    public var serializationError: ResponseSerializationError?
    /// The response, when one arrived.
    public var response: ResponseValue?
    /// The response body, when a response arrived.
    public var data: [UInt8]?
    /// The object the serializer decoded despite the error (a 500 with a JSON body has one).
    public var object: ResponseObject?

    /// Creates an error.
    public init(
        code: Code,
        value: String,
        message: String,
        requestSerializationError: RequestSerializationError? = nil,
        multipartError: MultipartFormDataError? = nil,
        transportErrorCode: Int? = nil,
        serializationError: ResponseSerializationError? = nil,
        response: ResponseValue? = nil,
        data: [UInt8]? = nil,
        object: ResponseObject? = nil
    ) {
        self.code = code
        self.value = value
        self.message = message
        self.requestSerializationError = requestSerializationError
        self.multipartError = multipartError
        self.transportErrorCode = transportErrorCode
        self.serializationError = serializationError
        self.response = response
        self.data = data
        self.object = object
    }

    /// The error domain AFNetworking's failure block would see, when known.
    public var domain: String? {
        switch code {
        case .responseSerialization: serializationError?.domain
        case .requestSerialization: requestSerializationError?.domain
        case .multipartBody: multipartError?.domain
        case .transport, .invalidURL: Self.urlErrorDomain
        default: nil
        }
    }

    /// The error code AFNetworking's failure block would see, when known (-1011 for an
    /// unacceptable status, -1016 for invalid JSON parameters, -1004 for a refused connection).
    public var errorCode: Int? {
        switch code {
        case .responseSerialization: serializationError?.number
        case .requestSerialization: requestSerializationError?.errorCode
        case .multipartBody: multipartError?.errorCode
        case .transport: transportErrorCode
        case .invalidURL: -1000
        default: nil
        }
    }

    /// A one-line summary: the stage, the URL, the AFNetworking domain and code, the message.
    public var description: String {
        var text = "ClientError(\(code): \(value)"
        if let domain, let errorCode { text += ", \(domain) \(errorCode)" }
        if let status = response?.statusCode { text += ", status \(status)" }
        return text + ": \(message))"
    }
}

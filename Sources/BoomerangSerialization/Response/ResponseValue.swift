/// The metadata of an HTTP response as a response serializer sees it: what Foundation's
/// `HTTPURLResponse` carries, without Foundation.
///
/// ``mimeType`` and ``textEncodingName`` are computed from `Content-Type` the way Foundation does it:
/// the text before the first `;`, lower-cased, is the MIME type (`Application/JSON; charset=UTF-8`
/// gives `application/json`); the `charset` parameter, unquoted and lower-cased, is the text
/// encoding name. With no `Content-Type` both are `nil`.
///
/// Two details follow Darwin rather than Linux Foundation, which keeps them verbatim: spaces and
/// tabs around the MIME type are trimmed (Linux gives `"text/html "` for `text/html ; q=1`), and
/// nothing else is validated (`garbage` stays `garbage`, an empty value gives `""`, as on both).
///
/// ```swift
/// let response = ResponseValue(statusCode: 404, headers: ["Content-Type": "application/json"],
///                              url: "http://127.0.0.1:8080/status/404")
/// response.mimeType  // "application/json"
/// ```
public struct ResponseValue: Sendable, Hashable {
    /// The status code.
    public var statusCode: Int
    /// The header fields as received.
    public var headers: HTTPHeaders
    /// The response URL as text, or `nil` when the response has none (AF then skips the status
    /// check and never creates validation errors).
    public var url: String?
    /// The lower-cased `type/subtype` without parameters, or `nil` when there is no `Content-Type`.
    public var mimeType: String?
    /// The `charset` parameter of `Content-Type`, lower-cased, or `nil`.
    public var textEncodingName: String?
    /// The method of the request that produced this response, when known (Alamofire's empty-response
    /// rule looks at it; AFNetworking never does).
    public var requestMethod: HTTPMethod?

    /// Creates a response, computing ``mimeType`` and ``textEncodingName`` from `Content-Type`.
    public init(
        statusCode: Int,
        headers: HTTPHeaders = HTTPHeaders(),
        url: String? = nil,
        requestMethod: HTTPMethod? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.requestMethod = requestMethod
        let parsed = headers["Content-Type"].map(Self.parseContentType)
        self.mimeType = parsed?.mimeType
        self.textEncodingName = parsed?.charset
    }

    /// Creates a response with an explicit MIME type and text encoding name (for example the values
    /// an `HTTPURLResponse` already computed).
    public init(
        statusCode: Int,
        headers: HTTPHeaders,
        url: String?,
        mimeType: String?,
        textEncodingName: String?,
        requestMethod: HTTPMethod? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.mimeType = mimeType
        self.textEncodingName = textEncodingName
        self.requestMethod = requestMethod
    }

    /// Splits a `Content-Type` value into Foundation's MIME type and charset.
    ///
    /// - Returns: the lower-cased text before the first `;` (spaces and tabs trimmed) and the
    ///   unquoted, lower-cased value of the first `charset` parameter.
    public static func parseContentType(_ value: String) -> (mimeType: String, charset: String?) {
        let bytes = Array(value.utf8)
        let (typeRange, parametersStart) = ParameterScanner.leadingValue(in: bytes)
        let parameters = (try? contentTypeScanner.parameters(in: bytes, from: parametersStart)) ?? []
        let charset = parameters.first { $0.name == "charset" }.map { ASCII.lowercased($0.value) }
        return (ASCII.lowercased(bytes[typeRange]), charset)
    }

    /// How Foundation splits `Content-Type`: at every `;`, quotes or not, a value losing one
    /// surrounding pair of quotes, and anything malformed skipped. This configuration refuses
    /// nothing.
    private static let contentTypeScanner: ParameterScanner = {
        var configuration = ParameterScannerConfiguration.strict
        configuration.quotedStrings = .unrecognized
        configuration.duplicateNames = .firstWins
        configuration.allowsEmptyValues = true
        configuration.allowsWhitespaceAroundEquals = true
        configuration.skipsMalformedParameters = true
        return ParameterScanner(configuration: configuration)
    }()
}

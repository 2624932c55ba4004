/// `AFHTTPResponseSerializer`: validates the status code and content type and returns the raw body.
///
/// Every decoding serializer holds one of these as its `base` and runs ``gate(response:data:reportsErrors:)``
/// before decoding. In the default ``ResponseValidationMode/afNetworking`` mode (spec §2.2):
/// - a `nil` response (not an HTTP response) is valid;
/// - the content type fails when ``acceptableContentTypes`` is set, does not contain the MIME type,
///   and it is not the case that the MIME type is `nil` and the data empty; its -1016 error exists
///   only when the data is non-empty and the response has a URL;
/// - the status fails when ``acceptableStatusCodes`` is set, does not contain it and the response
///   has a URL; its -1011 error is on top with the content-type error underneath.
///
/// ```swift
/// let serializer = HTTPResponseSerializer(acceptableContentTypes: ["text/plain"])
/// let result = serializer.serialize(response: response, data: body)  // result.object == body
/// ```
public struct HTTPResponseSerializer: ResponseSerializer {
    /// Acceptable status codes; `nil` means unchecked. Default 200..<300.
    public var acceptableStatusCodes: Set<Int>?
    /// Acceptable MIME types, lower case; `nil` means unchecked. Default `nil`. Alamofire mode also
    /// understands `type/*`, `*/subtype` and `*/*`.
    public var acceptableContentTypes: Set<String>?
    /// Whose rules apply. Default ``ResponseValidationMode/afNetworking``.
    public var mode: ResponseValidationMode
    /// The platform whose status text goes into the -1011 message. Default Darwin.
    public var statusTextStyle: HTTPStatusText.Style

    /// Creates a serializer.
    public init(
        acceptableStatusCodes: Set<Int>? = Set(200..<300),
        acceptableContentTypes: Set<String>? = nil,
        mode: ResponseValidationMode = .afNetworking,
        statusTextStyle: HTTPStatusText.Style = .darwin
    ) {
        self.acceptableStatusCodes = acceptableStatusCodes
        self.acceptableContentTypes = acceptableContentTypes
        self.mode = mode
        self.statusTextStyle = statusTextStyle
    }

    /// `validateResponse:data:error:`.
    public func validate(response: ResponseValue?, data: [UInt8]?) -> ResponseValidation {
        guard let response else { return .valid }
        switch mode {
        case .afNetworking:
            return validateLikeAFNetworking(response, data)
        case .alamofire:
            return validateLikeAlamofire(response, data)
        }
    }

    /// Validates and decides whether a decoding serializer goes on (spec §2.3).
    ///
    /// - Parameter reportsErrors: `false` models a caller that passes no error pointer.
    public func gate(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool = true) -> ResponseGate {
        let validation = validate(response: response, data: data)
        guard !validation.isValid else { return .proceed(nil) }
        if case .alamofire = mode { return .stop(validation.error) }
        guard reportsErrors else { return .stop(nil) }
        let contentTypeFailure =
            validation.error?.hasNumber(
                ResponseSerializationError.Code.unacceptableContentType.number,
                inDomain: ResponseSerializationError.afNetworkingDomain
            ) ?? false
        return contentTypeFailure ? .stop(validation.error) : .proceed(validation.error)
    }

    /// The frame of AFNetworking's decoding subclasses: ``gate(response:data:reportsErrors:)``,
    /// then, unless it stops, `decode` with the validation error to carry.
    ///
    /// - Parameters:
    ///   - reportsErrors: `false` models a caller that passes no error pointer.
    ///   - decode: decodes the body; it receives the validation error that goes on.
    public func gated<Object>(
        response: ResponseValue?,
        data: [UInt8]?,
        reportsErrors: Bool,
        decode: (ResponseSerializationError?) -> ResponseSerialization<Object>
    ) -> ResponseSerialization<Object> {
        switch gate(response: response, data: data, reportsErrors: reportsErrors) {
        case .stop(let error): ResponseSerialization(object: nil, error: error)
        case .proceed(let validationError): decode(validationError)
        }
    }

    /// Validates, then returns the data unchanged (even when invalid, with or without an error
    /// pointer). In Alamofire mode a failure gives no data, and empty data follows ``AlamofireConfiguration``.
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<[UInt8]> {
        let validation = validate(response: response, data: data)
        guard case .alamofire(let configuration) = mode else {
            return ResponseSerialization(object: data, error: validation.error)
        }
        if let error = validation.error { return ResponseSerialization(object: nil, error: error) }
        guard let data, !data.isEmpty else {
            if configuration.allowsEmptyResponse(response) { return ResponseSerialization(object: [], error: nil) }
            return ResponseSerialization(object: nil, error: Self.emptyInputError())
        }
        return ResponseSerialization(object: configuration.dataPreprocessor.process(data), error: nil)
    }

    /// `.data(output)`.
    public func responseObject(from output: [UInt8], data: [UInt8]?) -> ResponseObject {
        .data(output)
    }

    static func emptyInputError() -> ResponseSerializationError {
        ResponseSerializationError(
            code: .inputDataNilOrZeroLength,
            message: "Response could not be serialized, input data was nil or zero length."
        )
    }

    private func validateLikeAFNetworking(_ response: ResponseValue, _ data: [UInt8]?) -> ResponseValidation {
        var isValid = true
        var error: ResponseSerializationError?
        let length = data?.count ?? 0
        if let acceptableContentTypes,
            !(response.mimeType.map(acceptableContentTypes.contains) ?? false),
            !(response.mimeType == nil && length == 0)
        {
            if length > 0, response.url != nil {
                error = ResponseSerializationError(
                    code: .unacceptableContentType,
                    message: "Request failed: unacceptable content-type: \(response.mimeType ?? "(null)")",
                    response: response,
                    data: data
                )
            }
            isValid = false
        }
        if let acceptableStatusCodes, !acceptableStatusCodes.contains(response.statusCode), response.url != nil {
            let text = HTTPStatusText.text(for: response.statusCode, style: statusTextStyle)
            let statusError = ResponseSerializationError(
                code: .unacceptableStatusCode,
                message: "Request failed: \(text) (\(response.statusCode))",
                response: response,
                data: data
            )
            error = ResponseSerializationError.attaching(error, to: statusError)
            isValid = false
        }
        return ResponseValidation(isValid: isValid, error: error)
    }

    private func validateLikeAlamofire(_ response: ResponseValue, _ data: [UInt8]?) -> ResponseValidation {
        if let acceptableStatusCodes, !acceptableStatusCodes.contains(response.statusCode) {
            let error = ResponseSerializationError(
                code: .unacceptableStatusCode,
                message: "Response status code was unacceptable: \(response.statusCode).",
                response: response,
                data: data,
                domain: ResponseSerializationError.alamofireDomain,
                number: 0
            )
            return ResponseValidation(isValid: false, error: error)
        }
        guard let acceptableContentTypes, let data, !data.isEmpty else { return .valid }
        let acceptable = acceptableContentTypes.sorted()
        let acceptableTypes = acceptable.compactMap(AlamofireMIMEType.init)
        guard let mimeType = response.mimeType, let responseType = AlamofireMIMEType(mimeType) else {
            if acceptableTypes.contains(where: \.isWildcard) { return .valid }
            let error = ResponseSerializationError(
                code: .missingContentType,
                message: "Response Content-Type was missing and acceptable content types "
                    + "(\(acceptable.joined(separator: ","))) do not match \"*/*\".",
                response: response,
                data: data
            )
            return ResponseValidation(isValid: false, error: error)
        }
        if acceptableTypes.contains(where: { $0.matches(responseType) }) { return .valid }
        let error = ResponseSerializationError(
            code: .unacceptableContentType,
            message: "Response Content-Type \"\(mimeType)\" does not match any acceptable types: "
                + "\(acceptable.joined(separator: ",")).",
            response: response,
            data: data,
            domain: ResponseSerializationError.alamofireDomain,
            number: 0
        )
        return ResponseValidation(isValid: false, error: error)
    }
}

/// Alamofire's `MIMEType`: trimmed, cut at the first `;`, exactly two `/`-separated parts.
private struct AlamofireMIMEType {
    let type: Substring
    let subtype: Substring

    init?(_ text: String) {
        var trimmed = Substring(text)
        while let first = trimmed.first, first.isWhitespace { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last.isWhitespace { trimmed = trimmed.dropLast() }
        let essence = trimmed.prefix { $0 != ";" }
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        type = parts[0]
        subtype = parts[1]
    }

    var isWildcard: Bool { type == "*" && subtype == "*" }

    func matches(_ response: AlamofireMIMEType) -> Bool {
        (type == response.type || type == "*") && (subtype == response.subtype || subtype == "*")
    }
}

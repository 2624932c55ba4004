import BoomerangSerialization

extension ResponseValue {
    /// A response from the test server with an optional Content-Type.
    static func fixture(
        status: Int = 200,
        contentType: String? = nil,
        url: String? = "http://127.0.0.1:8080/echo",
        method: HTTPMethod? = nil
    ) -> ResponseValue {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return ResponseValue(statusCode: status, headers: headers, url: url, requestMethod: method)
    }
}

extension ResponseSerializationError {
    /// AFNetworking's -1016 content-type error for `response` and `data`.
    static func contentType(_ response: ResponseValue, _ data: [UInt8]?) -> ResponseSerializationError {
        ResponseSerializationError(
            code: .unacceptableContentType,
            message: "Request failed: unacceptable content-type: \(response.mimeType ?? "(null)")",
            response: response,
            data: data
        )
    }

    /// AFNetworking's -1011 status error with `text`, optionally over a content-type error.
    static func status(
        _ response: ResponseValue,
        _ data: [UInt8]?,
        _ text: String,
        underlying: ResponseSerializationError? = nil
    ) -> ResponseSerializationError {
        ResponseSerializationError(
            code: .unacceptableStatusCode,
            message: "Request failed: \(text) (\(response.statusCode))",
            response: response,
            data: data,
            underlyingError: underlying
        )
    }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

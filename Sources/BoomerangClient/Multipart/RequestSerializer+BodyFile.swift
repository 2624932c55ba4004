import BoomerangSerialization

extension RequestSerializer {
    /// Writes a multipart request's stream body to a file and returns the request without a
    /// body, keeping its `Content-Type` and `Content-Length`: AFNetworking's
    /// `requestWithMultipartFormRequest:writingStreamContentsToFile:completionHandler:` (§1.6.9),
    /// synchronous. See ``BoomerangSerialization/MultipartFormData/writeBodyStream(of:toFile:)``.
    ///
    /// - Parameters:
    ///   - request: a request with a stream body, such as one from
    ///     ``BoomerangSerialization/RequestSerializer/multipartFormRequest(method:url:parameters:boundary:constructingBody:)``.
    ///   - path: the destination, created or truncated.
    /// - Returns: the request with body `.none`.
    /// - Throws: ``MultipartFormDataError`` `noBodyStream`, or any read or write error.
    public func request(
        multipartFormRequest request: HTTPRequest,
        writingStreamContentsToFile path: String
    ) throws(MultipartFormDataError) -> HTTPRequest {
        try MultipartFormData.writeBodyStream(of: request, toFile: path)
    }
}

/// Something that adds parameters to a request: AFNetworking's `AFURLRequestSerialization`.
public protocol RequestSerializer: Sendable {
    /// Builds a request for `method` and `url` and applies `parameters`: AFNetworking's
    /// `requestWithMethod:URLString:parameters:error:`.
    ///
    /// - Throws: when the parameters cannot be serialized; the request is then not built.
    func request(method: HTTPMethod, url: String, parameters: QueryValue?) throws -> HTTPRequest

    /// Returns `request` with the serializer's default headers and `parameters` applied.
    ///
    /// - Throws: when the parameters cannot be serialized; the request is then not built.
    func serialize(_ request: HTTPRequest, parameters: QueryValue?) throws -> HTTPRequest
}

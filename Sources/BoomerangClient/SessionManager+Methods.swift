import BoomerangSerialization

/// AFHTTPSessionManager's convenience methods: one per HTTP method, and the multipart POST.
///
/// Each builds the request (``SessionManager/request(method:path:parameters:headers:)``) and
/// hands it to ``SessionManager/send(_:progress:)``; `progress` receives both upload and download
/// reports (``TransferProgress/direction`` tells them apart).
extension SessionManager {
    /// `GET`: parameters in the query string (for the core's serializers).
    public func get(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .get, path: path, parameters: parameters, headers: headers), progress: progress)
    }

    /// `HEAD`: parameters in the query string. The response serializer still runs, on the empty body.
    public func head(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .head, path: path, parameters: parameters, headers: headers), progress: progress)
    }

    /// `POST`: parameters in the body, encoded by the request serializer.
    public func post(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .post, path: path, parameters: parameters, headers: headers), progress: progress)
    }

    /// `POST` with a `multipart/form-data` body: parameters become form parts, then
    /// `constructingBody` adds more. AFNetworking's `POST:parameters:headers:constructingBodyWithBlock:progress:success:failure:`.
    public func post(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        constructingBody: (inout MultipartFormData) throws -> Void,
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        let request = try multipartRequest(
            path: path, parameters: parameters, headers: headers, constructingBody: constructingBody
        )
        return try await send(request, progress: progress)
    }

    /// `PUT`: parameters in the body.
    public func put(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .put, path: path, parameters: parameters, headers: headers), progress: progress)
    }

    /// `PATCH`: parameters in the body.
    public func patch(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .patch, path: path, parameters: parameters, headers: headers), progress: progress)
    }

    /// `DELETE`: parameters in the query string (for the core's serializers).
    public func delete(
        _ path: String,
        parameters: QueryValue? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        progress: ProgressHandler? = nil
    ) async throws(ClientError) -> ClientResponse {
        try await send(request(method: .delete, path: path, parameters: parameters, headers: headers), progress: progress)
    }
}

extension RequestSerializer {
    /// The default request builder: a bare request for `method` and `url`, then
    /// ``serialize(_:parameters:)``. The core's serializers provide their own, which also copy
    /// the transport properties that were set.
    public func request(method: HTTPMethod, url: String, parameters: QueryValue?) throws -> HTTPRequest {
        try serialize(HTTPRequest(method: method, url: url), parameters: parameters)
    }

    /// Builds a `multipart/form-data` request: AFNetworking's
    /// `multipartFormRequestWithMethod:URLString:parameters:constructingBodyWithBlock:error:`
    /// (serialization spec §1.6.1, §1.6.4).
    ///
    /// 1. `method` must not be exactly `GET` or `HEAD` (a case-sensitive compare, as AFNetworking's
    ///    assertion; `get` passes).
    /// 2. The request starts as ``request(method:url:parameters:)`` with `nil` parameters, so a
    ///    form-serializer POST already carries `Content-Type: application/x-www-form-urlencoded`
    ///    and an empty body.
    /// 3. Each parameter becomes a form part, through the query-string pair builder with
    ///    AFNetworking's style (keys sorted, names raw and unescaped such as `k[sub]` and `k[]`):
    ///    data is used as its bytes, `null` gives an empty part, any other leaf its text
    ///    (``QueryValue/leafText``: Booleans `1`/`0`).
    /// 4. `constructingBody` adds the caller's parts.
    /// 5. ``MultipartFormData/finalizing(_:)``: with no parts the request is returned unchanged;
    ///    otherwise the body is a stream and `Content-Type` (multipart, overriding) and
    ///    `Content-Length` are set.
    ///
    /// ```swift
    /// let request = try HTTPRequestSerializer().multipartFormRequest(
    ///     method: .post, url: "http://localhost:8080/post", parameters: ["k": ["sub": "v"]]
    /// ) { form in
    ///     form.appendPart(fileData: png, name: "photo", filename: "photo.png", mimeType: "image/png")
    /// }
    /// // parts: k[sub]=v, then photo
    /// ```
    ///
    /// - Parameters:
    ///   - method: the method; not `GET` or `HEAD`.
    ///   - url: the absolute URL as text.
    ///   - parameters: values to send as form parts, or `nil`.
    ///   - boundary: the boundary; a fresh random one by default.
    ///   - constructingBody: adds parts to the form; AFNetworking's block.
    /// - Returns: the finished request.
    /// - Throws: ``RequestSerializationError`` ``RequestSerializationError/Code/multipartMethodNotAllowed``
    ///   for `GET` and `HEAD`; what ``request(method:url:parameters:)`` throws; what
    ///   `constructingBody` throws.
    public func multipartFormRequest(
        method: HTTPMethod,
        url: String,
        parameters: QueryValue?,
        boundary: String = MultipartBoundary.random(),
        constructingBody: (inout MultipartFormData) throws -> Void = { _ in }
    ) throws -> HTTPRequest {
        guard method.rawValue != "GET", method.rawValue != "HEAD" else {
            throw RequestSerializationError.multipartMethodNotAllowed(method.rawValue)
        }
        let request = try request(method: method, url: url, parameters: nil)
        var form = MultipartFormData(boundary: boundary)
        if let parameters {
            for pair in QueryStringEncoder().pairs(parameters) {
                switch pair.value {
                case .data(let bytes)?:
                    form.appendPart(formData: bytes, name: pair.name)
                case .null?, nil:
                    form.appendPart(formData: [], name: pair.name)
                case let leaf?:
                    form.appendPart(formData: Array((leaf.leafText ?? "").utf8), name: pair.name)
                }
            }
        }
        try constructingBody(&form)
        return form.finalizing(request)
    }
}

extension RequestSerializationError.Code {
    /// A multipart request was asked for with `GET` or `HEAD`, which AFNetworking refuses with an
    /// assertion (`NSParameterAssert`), not an error code.
    public static let multipartMethodNotAllowed = Self(rawValue: "multipartMethodNotAllowed")
}

extension RequestSerializationError {
    /// The error for a multipart request with `GET` or `HEAD`. AFNetworking asserts instead of
    /// returning an error, so the code is 0 in AFNetworking's request domain.
    public static func multipartMethodNotAllowed(_ method: String) -> RequestSerializationError {
        RequestSerializationError(
            code: .multipartMethodNotAllowed,
            value: method,
            domain: afnetworkingDomain,
            errorCode: 0,
            failureReason: "A multipart request cannot use GET or HEAD."
        )
    }
}

import BoomerangSerialization

extension ServerError {
    /// The answer to this error, in the format the request negotiated (JSON when there is no
    /// request head, or when nothing it accepts can be produced):
    /// `{"error": {"status", "code", "message", "value"?, "offset"?}}`.
    public func response(for head: HTTPRequestHead?) -> Response {
        let format = head.flatMap { ResponseFormatNegotiator().negotiate(headers: $0.headers) } ?? .json
        var response = Response(status: code.status, headers: headers)
        response.headers.add(name: "Content-Type", value: format.contentType)
        response.body = (try? format.render(document)) ?? Self.fallbackBody
        response.closeConnection = code.closesConnection
        return response
    }

    /// The error as a structured value, for every format.
    public var document: StructuredValue {
        var error: StructuredObject = [
            "status": .int(Int64(code.status)),
            "code": .string(code.name),
            "message": .string(message),
        ]
        if let value { error["value"] = .string(value) }
        if let offset { error["offset"] = .int(Int64(offset)) }
        return .object(["error": .object(error)])
    }

    /// Rendering a flat document of strings and integers cannot fail; this is never sent in practice.
    private static let fallbackBody = Array(#"{"error":{"code":"renderFailed"}}"#.utf8)
}

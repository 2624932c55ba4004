import BoomerangSerialization

extension ServerError {
    /// The answer to this error, in the format the request negotiated (JSON when there is no
    /// request head, or when nothing it accepts can be produced):
    /// `{"error": {"status", "code", "message", "value"?, "offset"?, extra fields…}, document fields…}`.
    public func response(for head: HTTPRequestHead?) -> Response {
        response(in: head.flatMap { ResponseFormatNegotiator().negotiate(headers: $0.headers) } ?? .json)
    }

    /// The answer to this error in `format`, for a route that chose its format by more than
    /// `Accept` (the echo's `format` control); JSON when the document cannot be written in it.
    public func response(in format: ResponseFormat) -> Response {
        var response = Response(status: code.status, headers: headers)
        let document = document
        if let body = try? format.render(document) {
            response.headers.add(name: "Content-Type", value: format.contentType)
            response.body = body
        } else {
            response.headers.add(name: "Content-Type", value: ResponseFormat.json.contentType)
            response.body = (try? ResponseFormat.json.render(document)) ?? Self.fallbackBody
        }
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
        for field in extraFields.entries { error[field.key] = field.value }
        var document: StructuredObject = ["error": .object(error)]
        for field in documentFields.entries { document[field.key] = field.value }
        return .object(document)
    }

    /// Rendering a flat document of strings and integers cannot fail; this is never sent in practice.
    private static let fallbackBody = Array(#"{"error":{"code":"renderFailed"}}"#.utf8)
}

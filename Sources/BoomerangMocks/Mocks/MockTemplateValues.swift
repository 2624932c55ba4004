import BoomerangSerialization

/// The values a response template reads, from the request:
///
/// - `{{request.method}}`, `{{request.url}}` (path and query), `{{request.path}}`
/// - `{{request.pathParameters.id}}` for `urlPathTemplate: /users/{id}`
/// - `{{request.query.name}}` (the first value), `{{request.headers.X-Name}}` (also lower-cased)
/// - `{{request.body}}` (as text), `{{request.json.field.sub}}` (a JSON body's fields)
/// - `{{request.id}}`, `{{request.session}}`
package enum MockTemplateValues {
    package static func make(
        subject: PatternSubject, pathParameters: [(name: String, value: String)], requestID: String
    ) -> [String: Any] {
        var query: [String: Any] = [:]
        for pair in subject.queryPairs where query[pair.name] == nil {
            query[pair.name] = pair.value ?? ""
        }
        var headers: [String: Any] = [:]
        for field in subject.headers {
            let lowered = field.name.lowercased()
            for key in lowered == field.name ? [lowered] : [field.name, lowered] {
                headers[key] = (headers[key] as? String).map { $0 + ", " + field.value } ?? field.value
            }
        }
        var parameters: [String: Any] = [:]
        for parameter in pathParameters { parameters[parameter.name] = parameter.value }
        var request: [String: Any] = [
            "method": subject.method,
            "url": subject.pathAndQuery,
            "path": String(subject.path),
            "pathParameters": parameters,
            "query": query,
            "headers": headers,
            "session": subject.session,
            "id": requestID,
        ]
        if let body = subject.body {
            request["body"] = String(decoding: body, as: UTF8.self)
            if let json = try? JSONParser().parse(body) { request["json"] = any(json) }
        }
        return ["request": request]
    }

    /// A JSON value as the dictionaries, arrays and scalars Mustache walks.
    private static func any(_ value: StructuredValue) -> Any {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag
        case .int(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .data(let bytes): return bytes
        case .date(let date): return "\(date)"
        case .array(let items): return items.map(any)
        case .object(let object):
            var result: [String: Any] = [:]
            for entry in object { result[entry.key] = any(entry.value) }
            return result
        }
    }
}

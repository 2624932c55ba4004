import BoomerangExchange
import BoomerangMocks
import BoomerangSerialization

/// `POST /__admin/requests/count` and `/find`: the exchanges that match a request pattern.
package enum AdminVerification {
    package static func responder(_ history: HistoryStore, _ request: RouteRequest, finding: Bool) -> any Responder {
        let sessionParameter = AdminQuery.value("session", in: request.head.query)
        return AdminBodyResponder { body throws(ServerError) in
            var pattern = try pattern(from: body)
            if pattern.session == nil, let sessionParameter {
                guard SessionName.isValid(sessionParameter[...]) else {
                    throw ServerError(.invalidParameter, "session must be 1–64 characters of A-Z a-z 0-9 . _ -", value: sessionParameter)
                }
                pattern.session = sessionParameter
            }
            let matches = history.snapshot().filter { pattern.matches($0.patternSubject) }
            guard finding else { return AdminJSON.response(["count": .int(Int64(matches.count))]) }
            let options = history.configuration.echo
            return AdminJSON.response(["requests": .array(matches.map { $0.fullValue(options: options) })])
        }
    }

    /// The pattern in a body; an empty body is the pattern that matches everything.
    package static func pattern(from body: [UInt8]) throws(ServerError) -> RequestPattern {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return RequestPattern() }
        let json: StructuredValue
        do {
            json = try JSONParser().parse(body)
        } catch {
            throw ServerError(.invalidRequestPattern, "the body is not JSON: \(error)", offset: error.offset)
        }
        return try RequestPattern(json: json)
    }
}

import BoomerangExchange
import BoomerangSerialization

/// The 404 for a request that neither a mapping nor a built-in route answers, when there are
/// mappings: the error document names the mapping that came closest and, field by field, why it
/// did not match (WireMock's near miss), in the format the request negotiated.
///
/// ```json
/// {"error": {"status": 404, "code": "notFound", "message": "…",
///   "nearestMapping": {"id": "…", "name": "get-user", "file": "config/mappings/users.yaml", "line": 3,
///     "mismatches": [{"field": "method", "expected": "GET", "actual": "POST"}]}}}
/// ```
package struct NearMissResponder: Responder {
    private let error: ServerError
    private let set: MappingSet
    private let states: ScenarioStates
    private var subject: PatternSubject
    private let maxBodyBytes: Int
    private var body: [UInt8] = []
    private var bodyTooLarge = false

    package init(error: ServerError, set: MappingSet, states: ScenarioStates, subject: PatternSubject, maxBodyBytes: Int) {
        self.error = error
        self.set = set
        self.states = states
        self.subject = subject
        self.maxBodyBytes = maxBodyBytes
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        guard !bodyTooLarge else { return }
        if body.count + bytes.count > maxBodyBytes {
            bodyTooLarge = true
            body = []
        } else {
            body.append(contentsOf: bytes)
        }
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        subject.body = bodyTooLarge ? nil : body
        guard let (mapping, mismatches) = set.nearest(to: subject, states: states) else { throw error }
        var nearest: StructuredObject = ["id": .string(mapping.id)]
        if let name = mapping.name { nearest["name"] = .string(name) }
        if case .file(let path, let line, _) = mapping.source {
            nearest["file"] = .string(path)
            if let line { nearest["line"] = .int(Int64(line)) }
        }
        nearest["mismatches"] = .array(
            mismatches.map { ["field": .string($0.field), "expected": .string($0.expected), "actual": .string($0.actual)] })
        var nearMiss = error
        nearMiss.message = "\(error.message); the nearest mapping, \(mapping.name ?? mapping.id), differs in "
            + mismatches.map(\.field).joined(separator: ", ")
        nearMiss.extraFields["nearestMapping"] = .object(nearest)
        throw nearMiss
    }
}

import BoomerangSerialization

/// One body pattern: `equalTo`, `contains`, `doesNotContain` and `matches` on the body as UTF-8
/// text, or `equalToJson` (structural: key order does not matter, `1` equals `1.0`).
enum BodyMatcher: Sendable {
    case equalTo(String)
    case contains(String)
    case doesNotContain(String)
    case matches(PatternRegex)
    case equalToJSON(StructuredValue)

    init(json: StructuredValue, path: String) throws(ServerError) {
        guard let object = json.objectValue, object.count == 1, let entry = object.first else {
            throw ServerError(.invalidRequestPattern, "\(path): expected an object with one matcher such as {\"contains\": \"…\"}")
        }
        if entry.key == "equalToJson" {
            if let text = entry.value.stringValue {
                do {
                    self = .equalToJSON(try JSONParser().parse(Array(text.utf8)))
                } catch {
                    throw ServerError(.invalidRequestPattern, "\(path).equalToJson: the string is not JSON: \(error)", value: text)
                }
            } else {
                self = .equalToJSON(entry.value)
            }
            return
        }
        guard let text = entry.value.stringValue else {
            throw ServerError(.invalidRequestPattern, "\(path).\(entry.key): expected a string")
        }
        switch entry.key {
        case "equalTo": self = .equalTo(text)
        case "contains": self = .contains(text)
        case "doesNotContain": self = .doesNotContain(text)
        case "matches": self = .matches(try PatternRegex(text, path: "\(path).matches"))
        default: throw ServerError(.invalidRequestPattern, "\(path): unknown body matcher \"\(entry.key)\"", value: entry.key)
        }
    }

    /// Whether a body matches; a body that was not kept (`nil`) matches nothing.
    func matches(_ body: [UInt8]?) -> Bool {
        guard let body else { return false }
        switch self {
        case .equalToJSON(let expected):
            guard let actual = try? JSONParser().parse(body) else { return false }
            return Self.jsonEqual(expected, actual)
        case .equalTo(let text): return String(decoding: body, as: UTF8.self) == text
        case .contains(let text): return String(decoding: body, as: UTF8.self).contains(text)
        case .doesNotContain(let text): return !String(decoding: body, as: UTF8.self).contains(text)
        case .matches(let regex): return regex.matchesWhole(String(decoding: body, as: UTF8.self))
        }
    }

    /// JSON equality: objects as unordered maps, numbers by value.
    static func jsonEqual(_ a: StructuredValue, _ b: StructuredValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { entry in y[entry.key].map { jsonEqual(entry.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)):
            return Double(x) == y
        default:
            return a == b
        }
    }
}

import BoomerangExchange
import BoomerangSerialization

/// One body pattern: `equalTo`, `contains`, `doesNotContain` and `matches` on the body as UTF-8
/// text, `equalToJson` (structural: key order does not matter, `1` equals `1.0`; with
/// `ignoreArrayOrder` and `ignoreExtraElements` as WireMock has them), or `hasMultipartPart`
/// (a `multipart/form-data` body with a part of that name).
package enum BodyMatcher: Sendable, CustomStringConvertible {
    case equalTo(String)
    case contains(String)
    case doesNotContain(String)
    case matches(PatternRegex)
    case equalToJSON(StructuredValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    case hasMultipartPart(String)

    package init(json: StructuredValue, path: String) throws(ServerError) {
        guard let object = json.objectValue, let entry = object.first else {
            throw ServerError(.invalidRequestPattern, "\(path): expected an object with one matcher such as {\"contains\": \"…\"}")
        }
        if entry.key == "equalToJson" {
            var ignoreArrayOrder = false
            var ignoreExtraElements = false
            for option in object.entries.dropFirst() {
                guard case .bool(let flag) = option.value else {
                    throw ServerError(.invalidRequestPattern, "\(path).\(option.key): expected true or false", value: option.key)
                }
                switch option.key {
                case "ignoreArrayOrder": ignoreArrayOrder = flag
                case "ignoreExtraElements": ignoreExtraElements = flag
                default:
                    throw ServerError(
                        .invalidRequestPattern, "\(path): unknown equalToJson option \"\(option.key)\" (ignoreArrayOrder, ignoreExtraElements)",
                        value: option.key)
                }
            }
            var expected = entry.value
            if let text = entry.value.stringValue {
                do {
                    expected = try JSONParser().parse(Array(text.utf8))
                } catch {
                    throw ServerError(.invalidRequestPattern, "\(path).equalToJson: the string is not JSON: \(error)", value: text)
                }
            }
            self = .equalToJSON(expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
            return
        }
        guard object.count == 1 else {
            throw ServerError(
                .invalidRequestPattern, "\(path): expected one matcher, found \(object.keys.joined(separator: ", "))",
                value: object.keys.joined(separator: ", "))
        }
        guard let text = entry.value.stringValue else {
            throw ServerError(.invalidRequestPattern, "\(path).\(entry.key): expected a string")
        }
        switch entry.key {
        case "equalTo": self = .equalTo(text)
        case "contains": self = .contains(text)
        case "doesNotContain": self = .doesNotContain(text)
        case "matches": self = .matches(try PatternRegex(text, path: "\(path).matches"))
        case "hasMultipartPart": self = .hasMultipartPart(text)
        default: throw ServerError(.invalidRequestPattern, "\(path): unknown body matcher \"\(entry.key)\"", value: entry.key)
        }
    }

    /// Whether a body matches; a body that was not kept (`nil`) matches nothing. `contentType`
    /// gives the multipart boundary.
    package func matches(_ body: [UInt8]?, contentType: String? = nil) -> Bool {
        guard let body else { return false }
        switch self {
        case .equalToJSON(let expected, let ignoreArrayOrder, let ignoreExtraElements):
            guard let actual = try? JSONParser().parse(body) else { return false }
            return Self.jsonEqual(expected, actual, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        case .equalTo(let text): return String(decoding: body, as: UTF8.self) == text
        case .contains(let text): return String(decoding: body, as: UTF8.self).contains(text)
        case .doesNotContain(let text): return !String(decoding: body, as: UTF8.self).contains(text)
        case .matches(let regex): return regex.matchesWhole(String(decoding: body, as: UTF8.self))
        case .hasMultipartPart(let name): return Self.multipartPartNames(body, contentType: contentType).contains(name)
        }
    }

    /// The names of a `multipart/form-data` body's parts; none when it is not one or is malformed.
    package static func multipartPartNames(_ body: [UInt8], contentType: String?) -> [String] {
        guard let contentType, let media = try? MediaType(parsing: contentType), media.type.lowercased() == "multipart",
            let boundary = media.parameter("boundary"),
            let parts = try? MultipartParser.parts(of: body, boundary: boundary)
        else { return [] }
        return parts.compactMap(\.head.name)
    }

    /// JSON equality: objects as unordered maps, numbers by value. `ignoreExtraElements` lets the
    /// actual objects and arrays hold more than the expected ones; `ignoreArrayOrder` compares
    /// arrays as multisets.
    package static func jsonEqual(
        _ expected: StructuredValue, _ actual: StructuredValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false
    ) -> Bool {
        func equal(_ a: StructuredValue, _ b: StructuredValue) -> Bool {
            jsonEqual(a, b, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        }
        switch (expected, actual) {
        case (.object(let x), .object(let y)):
            guard ignoreExtraElements ? x.count <= y.count : x.count == y.count else { return false }
            return x.allSatisfy { entry in y[entry.key].map { equal(entry.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            guard ignoreExtraElements ? x.count <= y.count : x.count == y.count else { return false }
            if !ignoreArrayOrder {
                if ignoreExtraElements {
                    // In order, with extra elements allowed anywhere between.
                    var index = 0
                    for element in y where index < x.count && equal(x[index], element) { index += 1 }
                    return index == x.count
                }
                return zip(x, y).allSatisfy { equal($0, $1) }
            }
            var unused = Array(y.indices)
            for element in x {
                guard let found = unused.firstIndex(where: { equal(element, y[$0]) }) else { return false }
                unused.remove(at: found)
            }
            return true
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)):
            return Double(x) == y
        default:
            return expected == actual
        }
    }

    package var description: String {
        switch self {
        case .equalTo(let text): "equalTo \(Self.quoted(text))"
        case .contains(let text): "contains \(Self.quoted(text))"
        case .doesNotContain(let text): "doesNotContain \(Self.quoted(text))"
        case .matches(let regex): "matches \(Self.quoted(regex.source))"
        case .hasMultipartPart(let name): "hasMultipartPart \(Self.quoted(name))"
        case .equalToJSON(let value, let ignoreArrayOrder, let ignoreExtraElements):
            "equalToJson \(Self.compactJSON(value))" + (ignoreArrayOrder ? " ignoreArrayOrder" : "")
                + (ignoreExtraElements ? " ignoreExtraElements" : "")
        }
    }

    package static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    package static func compactJSON(_ value: StructuredValue) -> String {
        (try? JSONWriter().write(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

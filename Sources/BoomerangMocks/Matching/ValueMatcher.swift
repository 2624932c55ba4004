import BoomerangExchange
import BoomerangSerialization

/// One WireMock-style value matcher: `{"equalTo": "x"}`, `{"contains": "x"}`,
/// `{"doesNotContain": "x"}`, `{"matches": "re"}`, `{"doesNotMatch": "re"}`, `{"absent": true}`.
///
/// A field may have several values (a repeated header or query parameter): a positive matcher
/// matches when any value does; a negative one (`doesNotContain`, `doesNotMatch`) when no value
/// breaks it, which includes a missing field. A bare string is `equalTo` that string.
package enum ValueMatcher: Sendable, CustomStringConvertible {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    case doesNotContain(String)
    case matches(PatternRegex)
    case doesNotMatch(PatternRegex)
    /// `true`: the field must be missing; `false`: present with any value.
    case absent(Bool)

    /// Reads a matcher object; `path` names it in errors (`headers.Accept`).
    package init(json: StructuredValue, path: String) throws(ServerError) {
        if let text = json.stringValue {
            self = .equalTo(text, caseInsensitive: false)
            return
        }
        guard let object = json.objectValue else {
            throw ServerError(.invalidRequestPattern, "\(path): expected an object such as {\"equalTo\": \"…\"}")
        }
        var caseInsensitive = false
        var operators: [(String, StructuredValue)] = []
        for entry in object {
            if entry.key == "caseInsensitive" {
                guard case .bool(let flag) = entry.value else {
                    throw ServerError(.invalidRequestPattern, "\(path).caseInsensitive: expected true or false")
                }
                caseInsensitive = flag
            } else {
                operators.append((entry.key, entry.value))
            }
        }
        guard operators.count == 1, let (name, operand) = operators.first else {
            throw ServerError(
                .invalidRequestPattern, "\(path): expected exactly one of equalTo, contains, doesNotContain, matches, doesNotMatch, absent",
                value: operators.map(\.0).joined(separator: ", "))
        }
        if name == "absent" {
            guard case .bool(let flag) = operand else { throw ServerError(.invalidRequestPattern, "\(path).absent: expected true or false") }
            self = .absent(flag)
            return
        }
        guard let text = operand.stringValue else {
            throw ServerError(.invalidRequestPattern, "\(path).\(name): expected a string")
        }
        if caseInsensitive && name != "equalTo" {
            throw ServerError(.invalidRequestPattern, "\(path).caseInsensitive: only applies to equalTo")
        }
        switch name {
        case "equalTo": self = .equalTo(text, caseInsensitive: caseInsensitive)
        case "contains": self = .contains(text)
        case "doesNotContain": self = .doesNotContain(text)
        case "matches": self = .matches(try PatternRegex(text, path: "\(path).matches"))
        case "doesNotMatch": self = .doesNotMatch(try PatternRegex(text, path: "\(path).doesNotMatch"))
        default: throw ServerError(.invalidRequestPattern, "\(path): unknown matcher \"\(name)\"", value: name)
        }
    }

    /// Whether the field's values (none when it is missing) satisfy the matcher.
    package func matches(_ values: [String]) -> Bool {
        switch self {
        case .absent(let mustBeAbsent): return values.isEmpty == mustBeAbsent
        case .doesNotContain(let text): return !values.contains { $0.contains(text) }
        case .doesNotMatch(let regex): return !values.contains { regex.matchesWhole($0) }
        case .equalTo, .contains, .matches: return values.contains { matchesOne($0) }
        }
    }

    package var description: String {
        switch self {
        case .equalTo(let text, let caseInsensitive): "equalTo \"\(text)\"" + (caseInsensitive ? " caseInsensitive" : "")
        case .contains(let text): "contains \"\(text)\""
        case .doesNotContain(let text): "doesNotContain \"\(text)\""
        case .matches(let regex): "matches \"\(regex.source)\""
        case .doesNotMatch(let regex): "doesNotMatch \"\(regex.source)\""
        case .absent(let flag): flag ? "absent" : "present"
        }
    }

    private func matchesOne(_ value: String) -> Bool {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
        case .contains(let text): return value.contains(text)
        case .matches(let regex): return regex.matchesWhole(value)
        case .doesNotContain, .doesNotMatch, .absent: return false
        }
    }
}

/// A regular expression of a pattern, matched against a whole value.
package struct PatternRegex: @unchecked Sendable {
    // `Regex` values are immutable once built and safe to match from any thread.
    private let regex: Regex<AnyRegexOutput>
    /// The expression as written.
    package let source: String

    package init(_ source: String, path: String) throws(ServerError) {
        do {
            regex = try Regex(source)
        } catch {
            throw ServerError(.invalidRequestPattern, "\(path): not a valid regular expression: \(error)", value: source)
        }
        self.source = source
    }

    package func matchesWhole(_ text: String) -> Bool {
        (try? regex.wholeMatch(in: text)) != nil
    }
}

extension ServerError.Code {
    /// A verification body or mapping request pattern that is not a valid pattern.
    public static let invalidRequestPattern = Self("invalidRequestPattern", status: 400)
}

import BoomerangSerialization

/// A request pattern in the shape of WireMock's: method, one URL matcher, query parameters,
/// headers and body patterns, each optional and combined with AND. The verification API matches
/// recorded exchanges with it; mock mappings can match live requests with it.
///
/// ```json
/// {"method": "POST", "urlPath": "/post", "headers": {"Content-Type": {"contains": "json"}},
///  "queryParameters": {"x": {"equalTo": "1"}}, "bodyPatterns": [{"equalToJson": {"a": 1}}]}
/// ```
struct RequestPattern: Sendable {
    /// How the URL is matched: against the routed path plus query (`url`, `urlPattern`) or the
    /// routed path alone (`urlPath`, `urlPathPattern`).
    enum URLMatcher: Sendable {
        case url(String)
        case urlPath(String)
        case urlPattern(PatternRegex)
        case urlPathPattern(PatternRegex)
    }

    /// The method, or `nil` for any (`"ANY"`).
    var method: String?
    var url: URLMatcher?
    /// The session the request must belong to.
    var session: String?
    var queryParameters: [(name: String, matcher: ValueMatcher)] = []
    var headers: [(name: String, matcher: ValueMatcher)] = []
    var bodyPatterns: [BodyMatcher] = []

    /// The pattern that matches every request.
    init() {}

    /// Reads a pattern from its JSON form.
    ///
    /// - Throws: ``ServerError/Code/invalidRequestPattern`` naming the key at fault.
    init(json: StructuredValue) throws(ServerError) {
        guard let object = json.objectValue else {
            throw ServerError(.invalidRequestPattern, "a request pattern is a JSON object")
        }
        for entry in object {
            let key = entry.key
            let value = entry.value
            switch key {
            case "method":
                guard let text = value.stringValue, !text.isEmpty else { throw Self.expected(key, "a method name") }
                method = text == "ANY" ? nil : text
            case "url", "urlPath", "urlPattern", "urlPathPattern":
                guard url == nil else {
                    throw ServerError(.invalidRequestPattern, "\(key): only one of url, urlPath, urlPattern, urlPathPattern", value: key)
                }
                guard let text = value.stringValue else { throw Self.expected(key, "a string") }
                switch key {
                case "url": url = .url(text)
                case "urlPath": url = .urlPath(text)
                case "urlPattern": url = .urlPattern(try PatternRegex(text, path: key))
                default: url = .urlPathPattern(try PatternRegex(text, path: key))
                }
            case "session":
                guard let text = value.stringValue, SessionName.isValid(text[...]) else { throw Self.expected(key, "a session name") }
                session = text
            case "queryParameters", "headers":
                guard let fields = value.objectValue else { throw Self.expected(key, "an object of matchers") }
                var matchers: [(name: String, matcher: ValueMatcher)] = []
                for field in fields {
                    matchers.append((field.key, try ValueMatcher(json: field.value, path: "\(key).\(field.key)")))
                }
                if key == "headers" { headers = matchers } else { queryParameters = matchers }
            case "bodyPatterns":
                guard let list = value.arrayValue else { throw Self.expected(key, "an array of body matchers") }
                var matchers: [BodyMatcher] = []
                for (index, item) in list.enumerated() {
                    matchers.append(try BodyMatcher(json: item, path: "bodyPatterns[\(index)]"))
                }
                bodyPatterns = matchers
            default:
                throw ServerError(.invalidRequestPattern, "unknown key \"\(key)\"", value: key)
            }
        }
    }

    /// Whether a request matches every part of the pattern.
    func matches(_ request: PatternSubject) -> Bool {
        if let method, method != request.method { return false }
        if let session, session != request.session { return false }
        if let url {
            let pathAndQuery = request.query.map { "\(request.path)?\($0)" } ?? String(request.path)
            switch url {
            case .url(let expected): if pathAndQuery != expected { return false }
            case .urlPath(let expected): if request.path != expected[...] { return false }
            case .urlPattern(let regex): if !regex.matchesWhole(pathAndQuery) { return false }
            case .urlPathPattern(let regex): if !regex.matchesWhole(String(request.path)) { return false }
            }
        }
        if !queryParameters.isEmpty {
            let pairs = request.queryPairs
            for (name, matcher) in queryParameters where !matcher.matches(pairs.filter { $0.name == name }.map { $0.value ?? "" }) {
                return false
            }
        }
        for (name, matcher) in headers where !matcher.matches(request.headers.values(for: name)) {
            return false
        }
        return bodyPatterns.allSatisfy { $0.matches(request.body) }
    }

    private static func expected(_ key: String, _ what: String) -> ServerError {
        ServerError(.invalidRequestPattern, "\(key): expected \(what)", value: key)
    }
}

/// What a ``RequestPattern`` looks at in a request.
struct PatternSubject {
    var method: String
    /// The routed path (without a session prefix).
    var path: Substring
    /// The raw query, after `?`.
    var query: Substring?
    var headers: HTTPHeaders
    /// The whole body, or `nil` when it was not kept.
    var body: [UInt8]?
    var session: String

    /// The query's pairs, percent-decoded (`+` kept as `+`).
    var queryPairs: [(name: String, value: String?)] {
        guard let query, !query.isEmpty else { return [] }
        return FormDecoding.pairs(String(query), plusAsSpace: false).pairs
    }
}

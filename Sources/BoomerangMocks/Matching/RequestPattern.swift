import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// A request pattern in the shape of WireMock's: method, one URL matcher, query parameters,
/// headers and body patterns, each optional and combined with AND. The verification API matches
/// recorded exchanges with it; mock mappings match live requests with it, the head first
/// (``matchesHead(_:)``) and the body once it has arrived (``matchesBody(_:)``).
///
/// ```json
/// {"method": "POST", "urlPath": "/post", "headers": {"Content-Type": {"contains": "json"}},
///  "queryParameters": {"x": {"equalTo": "1"}}, "bodyPatterns": [{"equalToJson": {"a": 1}}]}
/// ```
package struct RequestPattern: Sendable {
    /// How the URL is matched: against the routed path plus query (`url`, `urlPattern`) or the
    /// routed path alone (`urlPath`, `urlPathPattern`).
    package enum URLMatcher: Sendable {
        case url(String)
        case urlPath(String)
        case urlPattern(PatternRegex)
        case urlPathPattern(PatternRegex)
        /// `/users/{id}`: one segment per parameter, read by ``RequestPattern/pathParameters(_:)``.
        case urlPathTemplate(RoutePattern)
    }

    /// The method, or `nil` for any (`"ANY"`).
    package var method: String?
    package var url: URLMatcher?
    /// The session the request must belong to.
    package var session: String?
    package var queryParameters: [(name: String, matcher: ValueMatcher)] = []
    /// Matchers for the parameters of a `urlPathTemplate` (WireMock's `pathParameters`).
    package var pathParameters: [(name: String, matcher: ValueMatcher)] = []
    package var headers: [(name: String, matcher: ValueMatcher)] = []
    package var bodyPatterns: [BodyMatcher] = []

    /// The pattern that matches every request.
    package init() {}

    /// Reads a pattern from its JSON form.
    ///
    /// - Throws: ``ServerError/Code/invalidRequestPattern`` naming the key at fault.
    package init(json: StructuredValue) throws(ServerError) {
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
            case "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate":
                guard url == nil else {
                    throw ServerError(
                        .invalidRequestPattern, "\(key): only one of url, urlPath, urlPattern, urlPathPattern, urlPathTemplate", value: key)
                }
                guard let text = value.stringValue else { throw Self.expected(key, "a string") }
                switch key {
                case "url": url = .url(text)
                case "urlPath": url = .urlPath(text)
                case "urlPattern": url = .urlPattern(try PatternRegex(text, path: key))
                case "urlPathTemplate": url = .urlPathTemplate(try Self.template(text))
                default: url = .urlPathPattern(try PatternRegex(text, path: key))
                }
            case "session":
                guard let text = value.stringValue, SessionName.isValid(text[...]) else { throw Self.expected(key, "a session name") }
                session = text
            case "queryParameters", "headers", "pathParameters":
                guard let fields = value.objectValue else { throw Self.expected(key, "an object of matchers") }
                var matchers: [(name: String, matcher: ValueMatcher)] = []
                for field in fields {
                    matchers.append((field.key, try ValueMatcher(json: field.value, path: "\(key).\(field.key)")))
                }
                switch key {
                case "headers": headers = matchers
                case "pathParameters": pathParameters = matchers
                default: queryParameters = matchers
                }
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
        if !pathParameters.isEmpty {
            guard case .urlPathTemplate(let template) = url else {
                throw ServerError(.invalidRequestPattern, "pathParameters: only with urlPathTemplate", value: "pathParameters")
            }
            let names = template.segments.compactMap { segment -> String? in
                if case .parameter(let name, _) = segment { return name }
                return nil
            }
            for (name, _) in pathParameters where !names.contains(name) {
                throw ServerError(.invalidRequestPattern, "pathParameters.\(name): the template has no {\(name)}", value: "pathParameters")
            }
        }
    }

    /// Whether a request matches every part of the pattern.
    package func matches(_ request: PatternSubject) -> Bool {
        matchesHead(request) && matchesBody(request)
    }

    /// Whether the method, session, URL, query parameters and headers match.
    package func matchesHead(_ request: PatternSubject) -> Bool {
        if let method, method != request.method { return false }
        if let session, session != request.session { return false }
        if let url, !Self.urlMatches(url, request) { return false }
        if !pathParameters.isEmpty {
            let values = pathParameterValues(request.path)
            for (name, matcher) in pathParameters where !matcher.matches(values.filter { $0.name == name }.map(\.value)) {
                return false
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
        return true
    }

    /// Whether every body pattern matches.
    package func matchesBody(_ request: PatternSubject) -> Bool {
        let contentType = bodyPatterns.isEmpty ? nil : request.headers["Content-Type"]
        return bodyPatterns.allSatisfy { $0.matches(request.body, contentType: contentType) }
    }

    /// Every part of the pattern the request fails, field by field, for a person to read.
    package func mismatches(_ request: PatternSubject) -> [PatternMismatch] {
        var mismatches: [PatternMismatch] = []
        if let method, method != request.method {
            mismatches.append(PatternMismatch(field: "method", expected: method, actual: request.method))
        }
        if let session, session != request.session {
            mismatches.append(PatternMismatch(field: "session", expected: session, actual: request.session))
        }
        if let url, !Self.urlMatches(url, request) {
            let (field, expected, actual): (String, String, String) =
                switch url {
                case .url(let text): ("url", text, request.pathAndQuery)
                case .urlPattern(let regex): ("urlPattern", regex.source, request.pathAndQuery)
                case .urlPath(let text): ("urlPath", text, String(request.path))
                case .urlPathPattern(let regex): ("urlPathPattern", regex.source, String(request.path))
                case .urlPathTemplate(let template): ("urlPathTemplate", template.description, String(request.path))
                }
            mismatches.append(PatternMismatch(field: field, expected: expected, actual: actual))
        }
        if !pathParameters.isEmpty, url.map({ Self.urlMatches($0, request) }) == true {
            let values = pathParameterValues(request.path)
            for (name, matcher) in pathParameters {
                let found = values.filter { $0.name == name }.map(\.value)
                if !matcher.matches(found) {
                    mismatches.append(PatternMismatch(field: "pathParameters.\(name)", expected: "\(matcher)", actual: Self.describe(found)))
                }
            }
        }
        let pairs = queryParameters.isEmpty ? [] : request.queryPairs
        for (name, matcher) in queryParameters {
            let values = pairs.filter { $0.name == name }.map { $0.value ?? "" }
            if !matcher.matches(values) {
                mismatches.append(PatternMismatch(field: "queryParameters.\(name)", expected: "\(matcher)", actual: Self.describe(values)))
            }
        }
        for (name, matcher) in headers {
            let values = request.headers.values(for: name)
            if !matcher.matches(values) {
                mismatches.append(PatternMismatch(field: "headers.\(name)", expected: "\(matcher)", actual: Self.describe(values)))
            }
        }
        let contentType = request.headers["Content-Type"]
        for (index, matcher) in bodyPatterns.enumerated() where !matcher.matches(request.body, contentType: contentType) {
            let actual: String
            if let body = request.body {
                let text = String(decoding: body.prefix(200), as: UTF8.self)
                actual = body.count > 200 ? text + "…" : text
            } else {
                actual = "(not kept: larger than the buffered-body limit)"
            }
            mismatches.append(PatternMismatch(field: "bodyPatterns[\(index)]", expected: "\(matcher)", actual: actual))
        }
        return mismatches
    }

    /// The parameters of a `urlPathTemplate` for this path; empty for the other URL matchers.
    package func pathParameterValues(_ path: Substring) -> [(name: String, value: String)] {
        guard case .urlPathTemplate(let template) = url, let parameters = template.match(path) else { return [] }
        var values: [(name: String, value: String)] = []
        for segment in template.segments {
            if case .parameter(let name, _) = segment, let value = parameters.string(name) { values.append((name, value)) }
        }
        return values
    }

    /// How specific the pattern is, for ordering mappings of equal priority: an exact URL before
    /// a template before a regular expression before none, then the more conditions the better.
    package var specificity: Int {
        let urlWeight =
            switch url {
            case .url, .urlPath: 40
            case .urlPathTemplate: 30
            case .urlPattern, .urlPathPattern: 20
            case nil: 0
            }
        return urlWeight + (method == nil ? 0 : 10) + pathParameters.count + queryParameters.count + headers.count + bodyPatterns.count
    }

    private static func urlMatches(_ url: URLMatcher, _ request: PatternSubject) -> Bool {
        switch url {
        case .url(let expected): request.pathAndQuery == expected
        case .urlPath(let expected): request.path == expected[...]
        case .urlPattern(let regex): regex.matchesWhole(request.pathAndQuery)
        case .urlPathPattern(let regex): regex.matchesWhole(String(request.path))
        case .urlPathTemplate(let template): template.match(request.path) != nil
        }
    }

    private static func describe(_ values: [String]) -> String {
        switch values.count {
        case 0: "(absent)"
        case 1: "\"\(values[0])\""
        default: values.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }

    /// A `urlPathTemplate`: segments of text and `{name}` parameters.
    private static func template(_ text: String) throws(ServerError) -> RoutePattern {
        guard text.hasPrefix("/") else {
            throw ServerError(.invalidRequestPattern, "urlPathTemplate: a path template starts with /", value: text)
        }
        for piece in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) where piece.contains("{") || piece.contains("}") {
            let name = piece.dropFirst().dropLast()
            guard piece.hasPrefix("{"), piece.hasSuffix("}"), !name.isEmpty,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            else {
                throw ServerError(
                    .invalidRequestPattern, "urlPathTemplate: a parameter is a whole segment such as {id} (letters, digits, _ and -)",
                    value: String(piece))
            }
        }
        return RoutePattern(text)
    }

    private static func expected(_ key: String, _ what: String) -> ServerError {
        ServerError(.invalidRequestPattern, "\(key): expected \(what)", value: key)
    }
}

/// What a ``RequestPattern`` looks at in a request.
package struct PatternSubject {
    package var method: String
    /// The routed path (without a session prefix).
    package var path: Substring
    /// The raw query, after `?`.
    package var query: Substring?
    package var headers: HTTPHeaders
    /// The whole body, or `nil` when it was not kept.
    package var body: [UInt8]?
    package var session: String

    package init(method: String, path: Substring, query: Substring?, headers: HTTPHeaders, body: [UInt8]?, session: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.session = session
    }

    /// The path and, when there is one, `?` and the query.
    package var pathAndQuery: String {
        query.map { "\(path)?\($0)" } ?? String(path)
    }

    /// The query's pairs, percent-decoded (`+` kept as `+`).
    package var queryPairs: [(name: String, value: String?)] {
        guard let query, !query.isEmpty else { return [] }
        return FormDecoding.pairs(String(query), plusAsSpace: false).pairs
    }
}

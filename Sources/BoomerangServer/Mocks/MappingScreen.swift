/// What a request must have for a mapping's head to be worth matching: its method, and its path
/// (for `url` and `urlPath`) or its first path segment (for a `urlPathTemplate` that starts with
/// a literal one). Necessary, never sufficient: ``RequestPattern/matchesHead(_:)`` decides. Made
/// once per mapping set, so that a request no mapping is about costs a few string comparisons.
struct MappingScreen: Sendable {
    private let method: String?
    private let path: String?
    private let firstSegment: String?

    init(_ pattern: RequestPattern) {
        method = pattern.method
        var path: String?
        var firstSegment: String?
        switch pattern.url {
        case .urlPath(let text):
            path = text
        case .url(let text) where text.utf8.allSatisfy({ $0 < 0x80 }):
            // The path is the text before its `?`: the request's path and query are compared with it whole.
            path = String(text.prefix { $0 != "?" })
        case .urlPathTemplate(let template):
            if case .literal(let text)? = template.segments.first, template.segments.count > 1 { firstSegment = text }
        default:
            break
        }
        self.path = path
        self.firstSegment = firstSegment
    }

    func admits(method: String, path: Substring) -> Bool {
        if let expected = self.method, expected != method { return false }
        if let expected = self.path { return Self.equal(path, expected) }
        if let firstSegment {
            guard path.utf8.first == UInt8(ascii: "/") else { return false }
            let rest = path.dropFirst()
            return Self.equal(rest.prefix { $0 != "/" }, firstSegment)
        }
        return true
    }

    /// `text == expected`, as the pattern compares them, without Unicode comparison for the
    /// common case: equal bytes are equal, and texts of ASCII alone are equal only byte for byte.
    private static func equal(_ text: Substring, _ expected: String) -> Bool {
        let bytes = text.utf8
        let wanted = expected.utf8
        if bytes.count == wanted.count && bytes.elementsEqual(wanted) { return true }
        if bytes.allSatisfy({ $0 < 0x80 }) && wanted.allSatisfy({ $0 < 0x80 }) { return false }
        return text == expected[...]
    }
}

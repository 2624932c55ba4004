import BoomerangSerialization

/// The findings about a request's head and body that are not parse errors: what a client most
/// often gets subtly wrong. Each check is cheap when there is nothing to find.
package enum RequestDiagnostics {
    /// Fields that a request carries at most once (RFC 9110 lists no comma syntax for them), in
    /// lower case.
    package static let singletonHeaders: Set<String> = [
        "content-type", "content-length", "host", "authorization", "proxy-authorization", "user-agent", "referer",
        "from", "max-forwards", "if-modified-since", "if-unmodified-since", "if-range", "range", "origin", "date",
    ]

    /// Singleton fields sent more than once (`duplicateSingletonHeader`, one finding per name).
    package static func headers(_ headers: HTTPHeaders) -> [Diagnostic] {
        let fields = headers.fields
        guard fields.count > 1, headers.hasRepeatedNames else { return [] }
        var findings: [Diagnostic] = []
        var reported: [String] = []
        for first in 0..<(fields.count - 1) {
            let name = fields[first].name
            let length = name.utf8.count
            var repeats = 0
            // Names of other lengths never match: compared first, without a call.
            for second in (first + 1)..<fields.count
            where fields[second].name.utf8.count == length && HTTPHeaders.namesMatch(name, fields[second].name) {
                repeats += 1
            }
            guard repeats > 0 else { continue }
            let lower = name.lowercased()
            guard singletonHeaders.contains(lower), !reported.contains(lower) else { continue }
            reported.append(lower)
            findings.append(Diagnostic(
                "duplicateSingletonHeader", .warning,
                "\(name) is sent \(repeats + 1) times; it may appear only once, and servers pick different ones"))
        }
        return findings
    }

    /// Query keys with bytes AFNetworking's encoder escapes (`unescapedQueryKey`) and keys that
    /// use one name both as a list and as a map, or as a value and a container (`ambiguousNesting`).
    package static func query(_ query: Substring, names: [String]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if let unescaped = unescapedKeys(query) {
            let shown = unescaped.keys.prefix(3).map { "`\($0)`" }.joined(separator: ", ")
            let characters = String(decoding: unescaped.bytes, as: UTF8.self)
            findings.append(Diagnostic(
                "unescapedQueryKey", .info,
                "query key(s) \(shown) hold \(characters) unescaped; AFNetworking and Alamofire percent-encode them",
                offset: unescaped.offset))
        }
        if let name = ambiguousName(names) {
            findings.append(Diagnostic(
                "ambiguousNesting", .warning,
                "\(name.key) is used as \(name.uses); decoders (PHP, Rails, qs) build different trees from it"))
        }
        findings += escapeFindings(query)
        return findings
    }

    /// A `%` without two hex digits after it (kept as written), and escapes whose bytes are not
    /// UTF-8 (shown as U+FFFD): neither is lost from the raw query in `url`, but the decoded
    /// values differ from what was sent. The first of each, with its byte.
    private static func escapeFindings(_ query: Substring) -> [Diagnostic] {
        let bytes = Array(query.utf8)
        var malformed: (value: String, offset: Int)?
        var notUTF8: Int?
        let components = bytes.split(omittingEmptySubsequences: true) { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "=") }
        for component in components where component.contains(UInt8(ascii: "%")) {
            do {
                _ = try PercentDecoder().decodeString(component)
            } catch {
                let offset = component.startIndex + error.offset
                if error.code == .malformedEscape {
                    if malformed == nil { malformed = (error.value, offset) }
                } else if notUTF8 == nil {
                    notUTF8 = offset
                }
            }
        }
        var findings: [Diagnostic] = []
        if let malformed {
            findings.append(Diagnostic(
                "invalidPercentEscape", .warning,
                "`\(malformed.value)` at byte \(malformed.offset) of the query is not a percent escape; the value keeps it as written",
                offset: malformed.offset))
        }
        if let notUTF8 {
            findings.append(Diagnostic(
                "percentEscapesNotUTF8", .warning,
                "the escapes from byte \(notUTF8) of the query decode to bytes that are not UTF-8; args and query show U+FFFD for them",
                offset: notUTF8))
        }
        return findings
    }

    /// The keys whose raw bytes hold something outside AFNetworking's allowed set (other than an
    /// escape), the distinct bytes found, and the offset of the first.
    private static func unescapedKeys(_ query: Substring) -> (keys: [Substring], bytes: [UInt8], offset: Int)? {
        let allowed = URLByteSet.afQueryAllowed
        var keys: [Substring] = []
        var found: [UInt8] = []
        var firstOffset: Int?
        let utf8 = query.utf8
        var index = utf8.startIndex
        var offset = 0
        var keyStart = index
        var inKey = true
        var keyFlagged = false
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "&") {
                inKey = true
                keyFlagged = false
                keyStart = utf8.index(after: index)
            } else if byte == UInt8(ascii: "=") {
                inKey = false
            } else if inKey && byte != UInt8(ascii: "%") && !allowed.contains(byte) {
                if firstOffset == nil { firstOffset = offset }
                if !found.contains(byte) && found.count < 8 { found.append(byte) }
                if !keyFlagged {
                    keyFlagged = true
                    var end = keyStart
                    while end != utf8.endIndex && utf8[end] != UInt8(ascii: "=") && utf8[end] != UInt8(ascii: "&") {
                        end = utf8.index(after: end)
                    }
                    keys.append(query[keyStart..<end])
                }
            }
            index = utf8.index(after: index)
            offset += 1
        }
        guard let firstOffset else { return nil }
        return (keys, found, firstOffset)
    }

    /// The first name whose brackets disagree: `a[]=1&a[x]=2` (list and map), `a=1&a[x]=2`
    /// (value and container).
    package static func ambiguousName(_ names: [String]) -> (key: String, uses: String)? {
        guard names.contains(where: { $0.utf8.contains(UInt8(ascii: "[")) }) else { return nil }
        // For each container path, the kinds of child seen: list (`[]`, `[0]`), map (`[x]`) or a
        // value ending at that path.
        var uses: [String: Set<String>] = [:]
        for name in names {
            let segments = bracketSegments(name)
            var path = segments.base
            for segment in segments.children {
                let kind = segment.isEmpty || segment.allSatisfy(\.isASCIIDigit) ? "a list" : "a map"
                uses[path, default: []].insert(kind)
                path += "[\(segment)]"
            }
            uses[path, default: []].insert("a value")
        }
        for name in names {
            let segments = bracketSegments(name)
            var path = segments.base
            for candidate in [path] + segments.children.map({ segment -> String in
                path += "[\(segment)]"
                return path
            }) {
                if let kinds = uses[candidate], kinds.count > 1 {
                    return (candidate, kinds.sorted().joined(separator: " and "))
                }
            }
        }
        return nil
    }

    /// `a[b][]` as `a` and `["b", ""]`; a name without well-formed brackets is all base.
    private static func bracketSegments(_ name: String) -> (base: String, children: [String]) {
        guard let open = name.firstIndex(of: "["), open != name.startIndex else { return (name, []) }
        var children: [String] = []
        var rest = name[open...]
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
            children.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else { return (name, []) }
        return (String(name[..<open]), children)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

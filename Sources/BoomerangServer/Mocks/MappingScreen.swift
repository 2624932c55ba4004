/// What a request must have for a mapping's head to be worth matching: its method, and its path
/// (for `url` and `urlPath`) or its first path segment (for a `urlPathTemplate` that starts with
/// a literal one). Necessary, never sufficient: ``RequestPattern/matchesHead(_:)`` decides. Made
/// once per mapping set, so that a request no mapping is about costs a few byte comparisons.
final class MappingScreen: Sendable {
    private let method: String?
    /// The path, or the first segment, that the request must have.
    private let text: String?
    private let bytes: [UInt8]
    private let isASCII: Bool
    private let isFirstSegment: Bool

    init(_ pattern: RequestPattern) {
        method = pattern.method
        var text: String?
        var isFirstSegment = false
        switch pattern.url {
        case .urlPath(let path):
            text = path
        case .url(let url) where url.utf8.allSatisfy({ $0 < 0x80 }):
            // The path is the text before its `?`: the request's path and query are compared with it whole.
            text = String(url.prefix { $0 != "?" })
        case .urlPathTemplate(let template):
            if case .literal(let segment)? = template.segments.first, template.segments.count > 1 {
                text = segment
                isFirstSegment = true
            }
        default:
            break
        }
        self.text = text
        self.isFirstSegment = isFirstSegment
        let bytes = Array((text ?? "").utf8)
        self.bytes = bytes
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// A request's method and routed path as the screens read them.
    struct Subject {
        let method: String
        let path: Substring
        let firstSegment: Substring?
        let pathIsASCII: Bool

        init(method: String, path: Substring) {
            self.method = method
            self.path = path
            let utf8 = path.utf8
            let scan = utf8.withContiguousStorageIfAvailable(Self.scan) ?? Array(utf8).withUnsafeBufferPointer(Self.scan)
            pathIsASCII = scan.isASCII
            if utf8.first == UInt8(ascii: "/") {
                let start = utf8.index(after: utf8.startIndex)
                // A byte-wise cut is a Character-wise one when the path is ASCII; else cut by Character.
                firstSegment =
                    scan.isASCII
                    ? path[start..<(scan.segmentEnd.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? path.endIndex)]
                    : path.dropFirst().prefix { $0 != "/" }
            } else {
                firstSegment = nil
            }
        }

        /// Whether the bytes are ASCII, and the offset of the first `/` after the first byte.
        private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, segmentEnd: Int?) {
            var isASCII = true
            var segmentEnd: Int?
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte >= 0x80 { isASCII = false }
                if byte == UInt8(ascii: "/") && segmentEnd == nil && offset != 0 { segmentEnd = offset }
            }
            return (isASCII, segmentEnd)
        }
    }

    func admits(_ request: Subject, method: String) -> Bool {
        if let expected = self.method, expected != method { return false }
        guard let text else { return true }
        if isFirstSegment {
            guard let segment = request.firstSegment else { return false }
            return equal(segment, text, request.pathIsASCII)
        }
        return equal(request.path, text, request.pathIsASCII)
    }

    /// `candidate == text`, as the pattern compares them, without Unicode comparison for the
    /// common case: equal bytes are equal, and texts of ASCII alone are equal only byte for byte.
    private func equal(_ candidate: Substring, _ text: String, _ candidateIsASCII: Bool) -> Bool {
        let sameBytes =
            candidate.utf8.withContiguousStorageIfAvailable { buffer in
                buffer.count == bytes.count && bytes.withUnsafeBufferPointer { $0.elementsEqual(buffer) }
            } ?? candidate.utf8.elementsEqual(bytes)
        if sameBytes { return true }
        if candidateIsASCII && isASCII { return false }
        return candidate == text[...]
    }
}

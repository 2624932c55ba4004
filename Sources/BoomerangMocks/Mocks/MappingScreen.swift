/// What a request must have for a mapping's head to be worth matching: its method, and its path
/// (for `url` and `urlPath`) or its first path segment (for a `urlPathTemplate` that starts with
/// a literal one). Necessary, never sufficient: ``RequestPattern/matchesHead(_:)`` decides. Made
/// once per mapping set, so that a request no mapping is about costs a few byte comparisons.
package final class MappingScreen: Sendable {
    private let method: String?
    /// The path, or the first segment, that the request must have.
    private let text: String?
    private let bytes: [UInt8]
    private let isASCII: Bool
    private let isFirstSegment: Bool

    package init(_ pattern: RequestPattern) {
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

    /// The byte a request's path must have right after its leading `/` (0 for a path of `/`
    /// alone) for this screen to admit it, when the screen's text is ASCII: a path whose byte
    /// there is ASCII and another can match no such screen (an ASCII letter is canonically
    /// equivalent to itself alone). `nil` when the screen admits any path or its text is not ASCII.
    package var leadByte: UInt8? {
        guard text != nil, isASCII else { return nil }
        if isFirstSegment { return bytes.first }
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        return bytes.count > 1 ? bytes[1] : 0
    }

    /// A request's routed path as the screens read it (the method is passed to ``admits(_:method:)``):
    /// the path's bytes, valid only inside ``read(path:_:)``.
    package struct Subject {
        package let path: Substring
        package let bytes: UnsafeBufferPointer<UInt8>
        /// Where the first segment ends (the second `/`, or the end); `nil` when the path does not
        /// start with `/`.
        package let segmentEnd: Int?
        package let pathIsASCII: Bool

        /// Calls `body` with the subject for this path.
        package static func read<Result>(path: Substring, _ body: (Subject) -> Result) -> Result {
            let utf8 = path.utf8
            return utf8.withContiguousStorageIfAvailable { body(Subject(path: path, bytes: $0)) }
                ?? Array(utf8).withUnsafeBufferPointer { body(Subject(path: path, bytes: $0)) }
        }

        private init(path: Substring, bytes: UnsafeBufferPointer<UInt8>) {
            self.path = path
            self.bytes = bytes
            var isASCII = true
            var segmentEnd: Int?
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte >= 0x80 { isASCII = false }
                if byte == UInt8(ascii: "/") && segmentEnd == nil && offset != 0 { segmentEnd = offset }
            }
            pathIsASCII = isASCII
            self.segmentEnd = bytes.first == UInt8(ascii: "/") ? segmentEnd ?? bytes.count : nil
        }

        /// The first segment as text, cut by Character (for a path that is not ASCII).
        package var firstSegment: Substring? {
            segmentEnd == nil ? nil : path.dropFirst().prefix { $0 != "/" }
        }
    }

    package func admits(_ request: Subject, method: String) -> Bool {
        if let expected = self.method, expected != method { return false }
        guard let text else { return true }
        if isFirstSegment {
            guard let segmentEnd = request.segmentEnd else { return false }
            let segment = UnsafeBufferPointer(rebasing: request.bytes[1..<segmentEnd])
            if equalBytes(segment) { return true }
            if request.pathIsASCII && isASCII { return false }
            return request.firstSegment.map { $0 == text[...] } ?? false
        }
        if equalBytes(request.bytes) { return true }
        if request.pathIsASCII && isASCII { return false }
        return request.path == text[...]
    }

    /// Equal bytes are equal texts; texts of ASCII alone are equal only byte for byte.
    private func equalBytes(_ candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        candidate.count == bytes.count && bytes.withUnsafeBufferPointer { $0.elementsEqual(candidate) }
    }
}

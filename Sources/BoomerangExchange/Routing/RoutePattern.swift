/// A route's path, written with typed parameters: `/status/{codes}`, `/redirect/{n:int}`,
/// `/anything/{rest...}`.
///
/// - `{name}` matches one non-empty segment; its value is percent-decoded.
/// - `{name:int}` matches one segment of 1 to 18 ASCII digits, so `/redirect/x` is not this route
///   (a 404, as Flask's converters give httpbin).
/// - `{name...}` matches the rest of the path, empty or with slashes; it must come last.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One `/`-separated piece of the pattern.
    public enum Segment: Sendable, Hashable {
        /// A segment that must be exactly this text.
        case literal(String)
        /// A parameter of one segment.
        case parameter(String, RouteParameterKind)
        /// A parameter taking the rest of the path.
        case rest(String)
    }

    /// The segments, without the leading empty one.
    public let segments: [Segment]
    /// The pattern as written.
    public let description: String

    /// Parses a pattern; a malformed one is a programming error in the route table.
    public init(_ text: String) {
        precondition(text.hasPrefix("/"), "a route pattern starts with /: \(text)")
        description = text
        // Every route's pattern is parsed at start-up: ASCII text is cut on its bytes, which
        // reads the same as cutting on characters when every character is one byte.
        segments = text.utf8.allSatisfy { $0 < 0x80 } ? Self.asciiSegments(text) : Self.segments(text)
    }

    private static func segments(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        let pieces = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            guard piece.hasPrefix("{"), piece.hasSuffix("}") else {
                segments.append(.literal(String(piece)))
                continue
            }
            let inner = piece.dropFirst().dropLast()
            if inner.hasSuffix("...") {
                precondition(index == pieces.count - 1, "a rest parameter comes last: \(text)")
                segments.append(.rest(String(inner.dropLast(3))))
            } else if let colon = inner.firstIndex(of: ":") {
                guard let kind = RouteParameterKind(rawValue: String(inner[inner.index(after: colon)...])) else {
                    preconditionFailure("unknown parameter type in \(text)")
                }
                segments.append(.parameter(String(inner[..<colon]), kind))
            } else {
                segments.append(.parameter(String(inner), .string))
            }
        }
        return segments
    }

    private static func asciiSegments(_ text: String) -> [Segment] {
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var start = 1
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            let isLast = end == bytes.endIndex
            segments.append(asciiSegment(bytes[start..<end], isLast: isLast, in: text))
            if isLast { return segments }
            start = end + 1
        }
    }

    private static func asciiSegment(_ piece: ArraySlice<UInt8>, isLast: Bool, in text: String) -> Segment {
        func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        guard piece.count >= 2, piece.first == UInt8(ascii: "{"), piece.last == UInt8(ascii: "}") else {
            return .literal(string(piece))
        }
        let inner = piece.dropFirst().dropLast()
        if inner.count >= 3, inner.suffix(3).allSatisfy({ $0 == UInt8(ascii: ".") }) {
            precondition(isLast, "a rest parameter comes last: \(text)")
            return .rest(string(inner.dropLast(3)))
        }
        if let colon = inner.firstIndex(of: UInt8(ascii: ":")) {
            guard let kind = RouteParameterKind(rawValue: string(inner[(colon + 1)...])) else {
                preconditionFailure("unknown parameter type in \(text)")
            }
            return .parameter(string(inner[..<colon]), kind)
        }
        return .parameter(string(inner), .string)
    }

    /// Whether the pattern has no parameters, so a table can find it by exact path.
    public var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// The parameters of `path` when it matches, else nil.
    public func match(_ path: Substring) -> RouteParameters? {
        guard path.first == "/" else { return nil }
        var rest = path.dropFirst()
        var parameters = RouteParameters()
        for (index, segment) in segments.enumerated() {
            if case .rest(let name) = segment {
                parameters.append(name: name, raw: rest)
                return parameters
            }
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            let piece = rest[..<end]
            let isLast = index == segments.count - 1
            if isLast ? end != rest.endIndex : end == rest.endIndex { return nil }
            switch segment {
            case .literal(let text):
                guard piece == text else { return nil }
            case .parameter(let name, let kind):
                guard !piece.isEmpty, kind.accepts(piece) else { return nil }
                parameters.append(name: name, raw: piece)
            case .rest:
                break
            }
            rest = isLast ? rest[end...] : rest[rest.index(after: end)...]
        }
        return parameters
    }
}

/// What a one-segment parameter accepts.
public enum RouteParameterKind: String, Sendable, Hashable {
    /// Any non-empty segment.
    case string
    /// 1 to 18 ASCII digits (fits an `Int` without overflow).
    case int

    func accepts(_ segment: Substring) -> Bool {
        switch self {
        case .string: true
        case .int: segment.utf8.count <= 18 && segment.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
    }
}

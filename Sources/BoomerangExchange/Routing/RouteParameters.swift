import BoomerangSerialization

/// The parameters a ``RoutePattern`` took from a path, in pattern order, with typed accessors that
/// throw a ``ServerError`` naming the parameter and its value.
public struct RouteParameters: Sendable {
    private var entries: [(name: String, raw: Substring)] = []

    /// No parameters.
    public init() {}

    public mutating func append(name: String, raw: Substring) {
        entries.append((name, raw))
    }

    /// The parameter's text as it appeared in the path, still percent-encoded.
    public func raw(_ name: String) -> Substring? {
        entries.first { $0.name == name }?.raw
    }

    /// The parameter percent-decoded (leniently: a malformed escape stays as written, invalid
    /// UTF-8 becomes U+FFFD).
    public func string(_ name: String) -> String? {
        guard let raw = raw(name) else { return nil }
        return (try? PercentDecoder(mode: .lenient).decodeString(raw.utf8)) ?? String(raw)
    }

    /// The parameter as an integer within `range`.
    ///
    /// - Throws: ``ServerError/Code/invalidParameter`` when it is missing, not a number, or out of range.
    public func int(_ name: String, in range: ClosedRange<Int>) throws(ServerError) -> Int {
        let text = raw(name).map(String.init) ?? ""
        guard let value = Int(text), range.contains(value) else {
            throw ServerError(
                .invalidParameter, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                value: text)
        }
        return value
    }
}

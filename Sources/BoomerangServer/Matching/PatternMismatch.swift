/// One part of a ``RequestPattern`` that a request fails: the field, what the pattern asks, and
/// what the request has.
struct PatternMismatch: Sendable, Hashable, CustomStringConvertible {
    /// `method`, `urlPath`, `headers.Accept`, `queryParameters.id`, `bodyPatterns[0]`, …
    var field: String
    var expected: String
    var actual: String

    var description: String { "\(field): expected \(expected), got \(actual)" }
}

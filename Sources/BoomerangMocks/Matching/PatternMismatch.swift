/// One part of a ``RequestPattern`` that a request fails: the field, what the pattern asks, and
/// what the request has.
package struct PatternMismatch: Sendable, Hashable, CustomStringConvertible {
    /// `method`, `urlPath`, `headers.Accept`, `queryParameters.id`, `bodyPatterns[0]`, …
    package var field: String
    package var expected: String
    package var actual: String

    package var description: String { "\(field): expected \(expected), got \(actual)" }
}

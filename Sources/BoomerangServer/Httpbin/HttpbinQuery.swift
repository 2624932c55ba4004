import BoomerangSerialization

/// A request's query as the httpbin routes read it: pairs decoded as a form (`+` is a space, a
/// bare key has the value `""`), in order.
struct HttpbinQuery {
    let pairs: [(name: String, value: String)]

    init(_ head: HTTPRequestHead) {
        guard let query = head.query, !query.isEmpty else {
            pairs = []
            return
        }
        pairs = FormDecoding.pairs(String(query), plusAsSpace: true).pairs.map { ($0.name, $0.value ?? "") }
    }

    /// The first value of `name`, as Werkzeug's `args.get` gives it.
    func first(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The first value of `name`, the name compared without regard to ASCII case
    /// (httpbin's `CaseInsensitiveDict` of the query).
    func firstIgnoringCase(_ name: String) -> String? {
        pairs.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether `name` is present.
    func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }
}

/// Parsing of bounded numeric query and path values with errors that name the parameter.
enum NumericParameter {
    /// A whole number within `range`.
    static func int(_ name: String, _ text: String, in range: ClosedRange<Int>) throws(ServerError) -> Int {
        guard let value = Int(text.trimmingSpaces()), range.contains(value) else {
            throw ServerError(
                .invalidParameter, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                value: text)
        }
        return value
    }

    /// A finite number within `range` (`0.5`, `3`, `1e2`).
    static func double(_ name: String, _ text: String, in range: ClosedRange<Double>) throws(ServerError) -> Double {
        guard let value = Double(text.trimmingSpaces()), value.isFinite, range.contains(value) else {
            let bounds = range.upperBound == .greatestFiniteMagnitude
                ? "of \(format(range.lowerBound)) or more" : "from \(format(range.lowerBound)) to \(format(range.upperBound))"
            throw ServerError(.invalidParameter, "\(name) must be a finite number \(bounds)", value: text)
        }
        return value
    }

    /// A 64-bit seed.
    static func seed(_ text: String) throws(ServerError) -> UInt64 {
        guard let value = Int64(text.trimmingSpaces()) else {
            throw ServerError(.invalidParameter, "seed must be a whole number that fits in 64 bits", value: text)
        }
        return UInt64(bitPattern: value)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

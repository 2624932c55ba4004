import BoomerangExchange

/// Parsing of bounded numeric query and path values with errors that name the parameter.
package enum NumericParameter {
    /// A whole number within `range`.
    package static func int(_ name: String, _ text: String, in range: ClosedRange<Int>) throws(ServerError) -> Int {
        guard let value = Int(text.trimmingSpaces()), range.contains(value) else {
            throw ServerError(
                .invalidParameter, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                value: text)
        }
        return value
    }

    /// A finite number within `range` (`0.5`, `3`, `1e2`).
    package static func double(_ name: String, _ text: String, in range: ClosedRange<Double>) throws(ServerError) -> Double {
        guard let value = Double(text.trimmingSpaces()), value.isFinite, range.contains(value) else {
            let bounds = range.upperBound == .greatestFiniteMagnitude
                ? "of \(format(range.lowerBound)) or more" : "from \(format(range.lowerBound)) to \(format(range.upperBound))"
            throw ServerError(.invalidParameter, "\(name) must be a finite number \(bounds)", value: text)
        }
        return value
    }

    /// A 64-bit seed.
    package static func seed(_ text: String) throws(ServerError) -> UInt64 {
        guard let value = Int64(text.trimmingSpaces()) else {
            throw ServerError(.invalidParameter, "seed must be a whole number that fits in 64 bits", value: text)
        }
        return UInt64(bitPattern: value)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

import BoomerangSerialization
import Foundation

/// How long a mapping's response waits before it is sent: `fixedDelayMilliseconds`, or
/// WireMock's `delayDistribution` of type `fixed`, `uniform` or `lognormal`. Every draw is
/// capped again by the server's `max_response_delay_milliseconds` when the response is made.
package enum MockDelay: Sendable, Equatable {
    case none
    case fixed(milliseconds: Int)
    /// Every whole millisecond from `lower` to `upper` alike.
    case uniform(lower: Int, upper: Int)
    /// `median × exp(sigma × Z)` with Z standard normal, at most `cap` milliseconds (`maxValue`,
    /// else ``lognormalCapFactor`` × the median): the long tail of real latency without a draw
    /// that holds a request for minutes.
    case lognormal(median: Double, sigma: Double, cap: Int)

    /// The distribution types `delayDistribution` accepts, as its message lists them.
    package static let types = ["fixed", "lognormal", "uniform"]

    /// A lognormal draw is capped at this many times its median unless `maxValue` says otherwise.
    package static let lognormalCapFactor = 10.0

    /// The delay of one response, in milliseconds; nil for none.
    package func draw(using generator: inout some RandomNumberGenerator) -> Int? {
        switch self {
        case .none:
            return nil
        case .fixed(let milliseconds):
            return milliseconds
        case .uniform(let lower, let upper):
            return Int.random(in: lower...upper, using: &generator)
        case .lognormal(let median, let sigma, let cap):
            let value = median * exp(sigma * Self.standardNormal(using: &generator))
            // Compared as a Double: a far draw is past what an Int holds.
            return value.isFinite && value < Double(cap) ? Int(value.rounded()) : cap
        }
    }

    /// One draw of the standard normal distribution (Box–Muller).
    package static func standardNormal(using generator: inout some RandomNumberGenerator) -> Double {
        // (0, 1]: the logarithm of 0 is not a number.
        let u = 1 - Double.random(in: 0..<1, using: &generator)
        let v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// Reads `delayDistribution` (`key` is its key path, for the errors).
    package static func distribution(_ value: StructuredValue, key: String, max: Int, location: MappingLocation) throws(MappingError) -> MockDelay {
        guard let fields = value.objectValue else {
            throw location.error(key, "expected an object with type: \(types.joined(separator: ", ")) and its fields")
        }
        let type = fields["type"]?.stringValue
        func known(_ names: Set<String>, _ shape: String) throws(MappingError) {
            for name in fields.keys where name != "type" && !names.contains(name) {
                throw location.error("\(key).\(name)", "unknown key for type \(type ?? ""); expected \(shape)")
            }
        }
        func number(_ name: String) -> Double? {
            switch fields[name] {
            case .int(let value)?: Double(value)
            case .double(let value)?: value.isFinite ? value : nil
            default: nil
            }
        }
        switch type {
        case "fixed":
            let shape = "{type: fixed, milliseconds: 0–\(max)}"
            try known(["milliseconds"], shape)
            guard case .int(let milliseconds)? = fields["milliseconds"], (0...Int64(max)).contains(milliseconds) else {
                throw location.error(key, "expected \(shape)")
            }
            return .fixed(milliseconds: Int(milliseconds))
        case "uniform":
            let shape = "{type: uniform, lower: ms, upper: ms} with 0 ≤ lower ≤ upper ≤ \(max)"
            try known(["lower", "upper"], shape)
            guard case .int(let lower)? = fields["lower"], case .int(let upper)? = fields["upper"],
                0 <= lower, lower <= upper, upper <= Int64(max)
            else {
                throw location.error(key, "expected \(shape)")
            }
            return .uniform(lower: Int(lower), upper: Int(upper))
        case "lognormal":
            let shape = "{type: lognormal, median: ms, sigma: number, maxValue: ms (optional)} with 0 < median ≤ maxValue ≤ \(max) and 0 ≤ sigma ≤ 10"
            try known(["median", "sigma", "maxValue"], shape)
            guard let median = number("median"), let sigma = number("sigma"), median > 0, median <= Double(max), (0...10).contains(sigma) else {
                throw location.error(key, "expected \(shape)")
            }
            var cap = Int(Swift.min(median * lognormalCapFactor, Double(max)).rounded())
            if fields["maxValue"] != nil {
                guard case .int(let maxValue)? = fields["maxValue"], Double(maxValue) >= median, maxValue <= Int64(max) else {
                    throw location.error("\(key).maxValue", "expected \(shape)")
                }
                cap = Int(maxValue)
            }
            return .lognormal(median: median, sigma: sigma, cap: cap)
        default:
            let named = fields["type"].map { value in value.stringValue.map { "\"\($0)\"" } ?? "\(value)" }
            throw location.error(
                "\(key).type",
                (named.map { "unsupported distribution \($0)" } ?? "missing") + "; the supported types are \(types.joined(separator: ", "))")
        }
    }
}

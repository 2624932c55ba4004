import Synchronization

/// Makes request ids that are unique within this process and unlikely to repeat across runs:
/// a random per-process prefix and a counter, e.g. `7f3a9c01-000042`.
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        let random = UInt32.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        prefix = String(repeating: "0", count: 8 - hex.count) + hex
    }

    func next() -> String {
        let value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let digits = String(value)
        return prefix + "-" + (digits.count < 6 ? String(repeating: "0", count: 6 - digits.count) + digits : digits)
    }
}

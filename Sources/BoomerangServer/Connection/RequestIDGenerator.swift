import Synchronization

/// Makes request ids that are unique within this process and unlikely to repeat across runs:
/// a random per-process prefix and a counter, e.g. `7f3a9c01-000042`.
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        let random = UInt32.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        prefix = String(repeating: "0", count: 8 - hex.count) + hex + "-"
    }

    func next() -> String {
        var value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        var digits: [UInt8] = Array(repeating: UInt8(ascii: "0"), count: 20)
        var index = digits.count
        repeat {
            index -= 1
            digits[index] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
            value /= 10
        } while value > 0
        return prefix + String(decoding: digits[min(index, digits.count - 6)...], as: UTF8.self)
    }
}

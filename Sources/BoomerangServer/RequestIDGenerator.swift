import BoomerangSerialization
import Synchronization

/// Makes request ids that are unique within this process and unlikely to repeat across runs:
/// a random per-process prefix and a counter of at least six digits, e.g. `7f3a9c01-000042`.
final class RequestIDGenerator: Sendable {
    /// Eight hex digits and a `-`.
    private let prefix: [UInt8]
    private let counter: Atomic<UInt64>

    /// - Parameter after: the counter's value before the first id.
    init(after: UInt64 = 0) {
        counter = Atomic(after)
        let random = UInt32.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        prefix = Array((String(repeating: "0", count: 8 - hex.count) + hex + "-").utf8)
    }

    /// The longest client `X-Request-ID` that is taken.
    static let maxClientIDBytes = 200

    /// The client's own `X-Request-ID`, when it is 1 to ``maxClientIDBytes`` bytes of visible
    /// ASCII: the id the echo reports, the history records its entry under, the access log writes
    /// and a mock template reads, so that a client finds its exchange by the id it sent.
    static func clientID(in headers: HTTPHeaders) -> String? {
        guard let sent = headers["X-Request-ID"], !sent.isEmpty, sent.utf8.count <= maxClientIDBytes,
            sent.utf8.allSatisfy(HTTPSyntax.isVisibleASCII)
        else { return nil }
        return sent
    }

    /// The next id. Up to a million requests it is 15 bytes, which a String holds inline.
    func next() -> String {
        let value = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let length = prefix.count + DecimalText.digitCount(of: value, minimumDigits: 6)
        return prefix.withUnsafeBufferPointer { prefix in
            String(unsafeUninitializedCapacity: length) { buffer in
                _ = buffer.initialize(fromContentsOf: prefix)
                return prefix.count + DecimalText.write(value, minimumDigits: 6, to: buffer.baseAddress! + prefix.count)
            }
        }
    }
}

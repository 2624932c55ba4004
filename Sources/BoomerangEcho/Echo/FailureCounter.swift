import BoomerangRuntime

/// "Fail N times, then succeed" without configuration: counts the attempts made with each token a
/// client puts in its URL (`x-set-response-fail-token`), for retry-policy tests. Shared by every
/// loop; holds at most ``capacity`` tokens, forgetting the least recently used first.
package final class FailureCounter: Sendable {
    /// The counter every echo route uses.
    package static let shared = FailureCounter(capacity: 10_000)

    package let capacity: Int
    private struct Table {
        var attempts: [String: (count: Int, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }
    private let table = Locked(Table())

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Counts one more attempt with `token`; returns its number, from 1.
    package func attempt(_ token: String) -> Int {
        table.withLock { table in
            table.clock += 1
            let count = (table.attempts[token]?.count ?? 0) + 1
            if table.attempts[token] == nil, table.attempts.count >= capacity,
                let oldest = table.attempts.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                table.attempts[oldest] = nil
            }
            table.attempts[token] = (count, table.clock)
            return count
        }
    }

    /// Tokens remembered now.
    package var count: Int { table.withLock { $0.attempts.count } }
}

import CoreMetrics

/// One loop's handles on the server's metrics: the per-route series are looked up in a
/// dictionary of this loop's own, so counting an exchange takes no lock but the histogram's.
final class LoopMetrics {
    private struct SeriesKey: Hashable {
        var route: String
        var status: Int
    }

    let shared: ServerMetrics
    private var requests: [SeriesKey: CoreMetrics.Counter] = [:]
    private var durations: [String: CoreMetrics.Timer] = [:]

    init(shared: ServerMetrics) {
        self.shared = shared
    }

    /// Counts an exchange whose response was queued in full.
    func record(_ exchange: Exchange, now: UInt64) {
        let route = exchange.route ?? "unmatched"
        let key = SeriesKey(route: route, status: exchange.status)
        let counter: CoreMetrics.Counter
        if let known = requests[key] {
            counter = known
        } else {
            counter = shared.requests(route: route, status: exchange.status)
            requests[key] = counter
        }
        counter.increment()
        let timer: CoreMetrics.Timer
        if let known = durations[route] {
            timer = known
        } else {
            timer = shared.durations(route: route)
            durations[route] = timer
        }
        let context = exchange.context
        timer.recordNanoseconds(Int64(truncatingIfNeeded: now &- context.receivedAt))
        shared.requestBytes.increment(by: Int64(context.head.rawHead?.count ?? 0) + exchange.bodyBytes)
        shared.responseBytes.increment(by: Int64(exchange.responseBytes))
    }

    /// Counts a request the connection refused (a framing error, a timeout, an abort: status 0).
    func recordRefused(status: Int) {
        let key = SeriesKey(route: "refused", status: status)
        if let known = requests[key] {
            known.increment()
        } else {
            let counter = shared.requests(route: "refused", status: status)
            requests[key] = counter
            counter.increment()
        }
    }
}

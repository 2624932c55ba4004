import BoomerangExchange
import Prometheus

/// One loop's handles on the server's metrics: the per-route series are looked up in a
/// dictionary of this loop's own, so counting an exchange takes no lock (the counters and the
/// duration histograms count with atomic adds). The
/// series of the last exchange are kept at hand: a run of requests to one route (what a load
/// test or a polling client sends) costs a string comparison, not two hashed lookups.
package final class LoopMetrics {
    private struct SeriesKey: Hashable {
        var route: String
        var status: Int
    }

    private struct Series {
        var route: String
        var status: Int
        var requests: Prometheus.Counter
        var duration: RouteDurations
    }

    package let shared: ServerMetrics
    private var requests: [SeriesKey: Prometheus.Counter] = [:]
    private var durations: [String: RouteDurations] = [:]
    private var last: Series?

    package init(shared: ServerMetrics) {
        self.shared = shared
    }

    /// Counts an exchange whose response was queued in full.
    package func record(_ exchange: Exchange, now: UInt64) {
        let route = exchange.route ?? "unmatched"
        let series = self.series(route: route, status: exchange.status)
        series.requests.increment()
        let context = exchange.context
        series.duration.record(nanoseconds: Int64(truncatingIfNeeded: now &- context.receivedAt))
        shared.requestBytes.increment(by: Int64(context.head.rawHead?.count ?? 0) + exchange.bodyBytes)
        shared.responseBytes.increment(by: Int64(exchange.responseBytes))
    }

    private func series(route: String, status: Int) -> Series {
        if let last, last.status == status, last.route == route { return last }
        let key = SeriesKey(route: route, status: status)
        let counter: Prometheus.Counter
        if let known = requests[key] {
            counter = known
        } else {
            counter = shared.requests(route: route, status: status)
            requests[key] = counter
        }
        let timer: RouteDurations
        if let known = durations[route] {
            timer = known
        } else {
            timer = shared.durations(route: route)
            durations[route] = timer
        }
        let series = Series(route: route, status: status, requests: counter, duration: timer)
        last = series
        return series
    }

    /// Counts a request the connection refused (a framing error, a timeout, an abort: status 0).
    package func recordRefused(status: Int) {
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

import BoomerangExchange
import BoomerangHistory
import BoomerangRuntime
import Prometheus

/// The server's metrics in a Prometheus registry of its own (never the process-wide metrics
/// bootstrap, so two servers in one process keep theirs apart). Loops count through their own
/// ``LoopMetrics``; the gauges that describe a moment are set when `/__admin/metrics` is read.
///
/// Labels are route and mapping names and status codes, never raw paths: the series stay few
/// whatever clients send.
package final class ServerMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry
    package let connectionsOpened: Prometheus.Counter
    package let requestBytes: Prometheus.Counter
    package let responseBytes: Prometheus.Counter
    package let mappingReloads: Prometheus.Counter
    package let mappingErrors: Prometheus.Counter
    private let connectionsActive: Prometheus.Gauge
    private let historyEntries: Prometheus.Gauge
    private let historyBytes: Prometheus.Gauge
    private let startTime: Prometheus.Gauge
    /// Request durations by route: kept out of the registry, so that recording takes no lock.
    private let routeDurations = Locked<[String: RouteDurations]>([:])
    private static let durationName = "boomerang_request_duration_seconds"

    /// Request durations from a complete head to a response queued in full.
    package static let durationBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    package init(startedAt: Double) {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func counter(_ name: String, _ unit: String, _ help: String) -> Prometheus.Counter {
            registry.makeCounter(descriptor: MetricNameDescriptor(namespace: "boomerang", metricName: name, unitName: unit, helpText: help))
        }
        func gauge(_ name: String, _ unit: String, _ help: String) -> Prometheus.Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "boomerang", metricName: name, unitName: unit, helpText: help))
        }
        connectionsOpened = counter("connections", "total", "Connections accepted")
        requestBytes = counter("request", "bytes_total", "Request bytes received, heads and bodies")
        responseBytes = counter("response", "bytes_total", "Response bytes queued, heads and bodies")
        mappingReloads = counter("mapping_reloads", "total", "Mapping sets loaded from the mappings directory")
        mappingErrors = counter("mapping_errors", "total", "Mapping loads that found a mapping or file that does not load")
        connectionsActive = gauge("connections", "active", "Connections open now")
        historyEntries = gauge("history", "entries", "Exchanges in the history")
        historyBytes = gauge("history", "bytes", "Approximate bytes the history holds")
        startTime = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "process_start_time", unitName: "seconds", helpText: "Start time of the process since the Unix epoch, in seconds"))
        startTime.set(startedAt)
        registry.makeGauge(
            descriptor: MetricNameDescriptor(namespace: "boomerang", metricName: "build", unitName: "info", helpText: "Always 1; the version is a label"),
            labels: [("version", BoomerangVersion.current)]
        ).set(1.0)
    }

    /// Counts a load of the mapping files, and whether it found `errors`.
    package func mappingsLoaded(errors: Int) {
        mappingReloads.increment()
        if errors > 0 { mappingErrors.increment() }
    }

    /// The series of one route and status, made once per loop.
    package func requests(route: String, status: Int) -> Prometheus.Counter {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "boomerang", metricName: "requests", unitName: "total", helpText: ""),
            labels: [("route", route), ("status", String(status))])
    }

    /// The duration histogram of one route, shared by every loop.
    package func durations(route: String) -> RouteDurations {
        routeDurations.withLock { routes in
            if let known = routes[route] { return known }
            let made = RouteDurations(route: route, buckets: Self.durationBuckets)
            routes[route] = made
            return made
        }
    }

    /// The metrics in Prometheus text format (version 0.0.4), the gauges set to now.
    package func render(activeConnections: Int, history: HistoryStore?) -> [UInt8] {
        connectionsActive.set(Int64(activeConnections))
        let usage = history?.usage
        historyEntries.set(Int64(usage?.count ?? 0))
        historyBytes.set(Int64(usage?.bytes ?? 0))
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        let routes = routeDurations.withLock { $0.values.sorted { $0.route < $1.route } }
        if !routes.isEmpty {
            buffer.append(contentsOf: "# TYPE \(Self.durationName) histogram\n".utf8)
            for route in routes {
                route.emit(name: Self.durationName, into: &buffer)
            }
        }
        return buffer
    }
}

import Prometheus
import Synchronization

/// The request-duration histogram of one route, counted with relaxed atomic adds: no lock and no
/// allocation on the request path, whichever loop records. ``ServerMetrics`` renders it the way
/// swift-prometheus renders a duration histogram.
package final class RouteDurations: @unchecked Sendable {
    // @unchecked: `counts` is written only through atomics and freed only in deinit.
    package let route: String
    /// Upper bounds in nanoseconds, ascending.
    private let bounds: [Int64]
    /// The bound of each bucket as Prometheus writes it (`le="0.00025"`).
    private let boundLabels: [String]
    /// One count per bucket (values up to its bound, above the previous one) and one for values
    /// above the last bound.
    private let counts: UnsafeMutablePointer<Atomic<Int>>
    private let sumNanoseconds = Atomic<Int64>(0)

    package init(route: String, buckets: [Duration]) {
        self.route = route
        bounds = buckets.map { Self.nanoseconds($0) }
        boundLabels = buckets.map(\.bucketRepresentation)
        counts = .allocate(capacity: buckets.count + 1)
        for index in 0...buckets.count {
            (counts + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        counts.deinitialize(count: bounds.count + 1)
        counts.deallocate()
    }

    /// Counts one request of this duration.
    @inline(__always)
    package func record(nanoseconds: Int64) {
        var index = 0
        let count = bounds.count
        while index < count && bounds[index] < nanoseconds {
            index &+= 1
        }
        counts[index].wrappingAdd(1, ordering: .relaxed)
        sumNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
    }

    /// The bucket, sum and count lines of this route.
    package func emit(name: String, into buffer: inout [UInt8]) {
        var labels: [UInt8] = Array("route=\"".utf8)
        for byte in route.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): labels.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\""): labels.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\n"): labels.append(contentsOf: #"\n"#.utf8)
            default: labels.append(byte)
            }
        }
        labels.append(UInt8(ascii: "\""))
        var cumulative = 0
        for index in 0...bounds.count {
            cumulative += counts[index].load(ordering: .relaxed)
            buffer.append(contentsOf: name.utf8)
            buffer.append(contentsOf: "_bucket{".utf8)
            buffer.append(contentsOf: labels)
            buffer.append(contentsOf: ",le=\"".utf8)
            buffer.append(contentsOf: (index < bounds.count ? boundLabels[index] : "+Inf").utf8)
            buffer.append(contentsOf: "\"} \(cumulative)\n".utf8)
        }
        let sum = Duration.nanoseconds(sumNanoseconds.load(ordering: .relaxed))
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: "_sum{".utf8)
        buffer.append(contentsOf: labels)
        buffer.append(contentsOf: "} \(sum.bucketRepresentation)\n".utf8)
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: "_count{".utf8)
        buffer.append(contentsOf: labels)
        buffer.append(contentsOf: "} \(cumulative)\n".utf8)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

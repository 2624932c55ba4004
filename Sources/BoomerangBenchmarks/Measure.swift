#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory helpers for benchmarks.
enum Measure {
    /// Runs `body` `iterations` times and returns each duration in seconds.
    static func times(iterations: Int, _ body: () throws -> Void) rethrows -> [Double] {
        let clock = ContinuousClock()
        var results: [Double] = []
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            results.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return results
    }

    /// Prints throughput figures for `bytes` processed in each of `seconds`.
    static func reportThroughput(_ label: String, bytes: Int64, seconds: [Double]) {
        let rates = seconds.map { Double(bytes) / $0 / 1e9 }.sorted()
        let median = rates[rates.count / 2]
        let best = rates.last!
        print(
            "\(label): \(format(Double(bytes) / 1_048_576)) MiB per run, \(seconds.count) runs, "
                + "median \(format(median)) GB/s (\(format(median * 1e9 / 1e6)) MB/s), best \(format(best)) GB/s"
        )
    }

    /// The process's peak resident set (`VmHWM` in /proc/self/status), in KiB.
    static func peakResidentKiB() -> Int {
        statusField("VmHWM:")
    }

    /// The process's current resident set (`VmRSS`), in KiB.
    static func residentKiB() -> Int {
        statusField("VmRSS:")
    }

    private static func statusField(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) {
                return Int(text.dropFirst(name.count).filter { $0.isNumber }) ?? -1
            }
        }
        return -1
    }

    static func format(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return "\(scaled)"
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory helpers for benchmarks.
enum Measure {
    /// Runs `body` `iterations` times and returns the CPU time of each run in seconds (this
    /// thread's, user and system): on a shared machine it varies far less than the wall clock.
    static func times(iterations: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var results: [Double] = []
        for _ in 0..<iterations {
            let start = threadCPUSeconds()
            try body()
            results.append(threadCPUSeconds() - start)
        }
        return results
    }

    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Whether a bigger figure is better (a rate) or worse (memory).
    enum Direction: String {
        case higher
        case lower
    }

    /// Prints one machine-readable figure, `figure<TAB>key<TAB>value<TAB>unit<TAB>higher|lower`,
    /// which `scripts/bench/compare.py` compares with the committed figures.
    static func figure(_ key: String, _ value: Double, unit: String, better: Direction) {
        print("figure\t\(key)\t\(value)\t\(unit)\t\(better.rawValue)")
    }

    /// The key of a figure: its label without a parenthesis that holds a number (a size or a
    /// ratio that would change the key from run to run).
    static func key(_ label: String) -> String {
        guard let open = label.firstIndex(of: "("), label[open...].contains(where: \.isNumber) else { return label }
        var key = label[..<open]
        while key.last == " " { key = key.dropLast() }
        return String(key)
    }

    /// Prints throughput figures for `bytes` processed in each of `seconds`.
    static func reportThroughput(_ label: String, bytes: Int64, seconds: [Double]) {
        let rates = seconds.map { Double(bytes) / $0 / 1e9 }.sorted()
        let median = rates[rates.count / 2]
        let best = rates.last!
        figure(key(label), best * 1e3, unit: "MB/s", better: .higher)
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

    /// The peak RSS as a figure, in MiB (lower is better).
    static func peakFigure(_ label: String) {
        figure(key(label), Double(peakResidentKiB()) / 1024, unit: "MiB", better: .lower)
    }

    static func format(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return "\(scaled)"
    }
}

import BoomerangTesting
import Testing

@testable import BoomerangServer

/// What one hostile row costs the server in processor time (robustness spec §3, row R08: no row
/// over 100 ms), measured on its event-loop threads, which run nothing else while a row is sent.
///
/// The bound is a CPU-time bound, asserted in optimised builds only: unoptimised Swift is many
/// times slower on the byte loops these rows stress (a 10 MiB echo costs seconds), so a debug
/// build prints each row's figure instead. `make rows-cpu` runs the suites optimised.
enum RowCPU {
    static let limitMilliseconds = 100.0

    /// Runs `body` (send the row, read the answer) and returns the loops' processor time it cost.
    static func measure(_ live: LiveServer, _ id: String, _ body: () throws -> Void) rethrows -> Double {
        let before = live.server.loopCPUNanoseconds
        try body()
        let milliseconds = Double(live.server.loopCPUNanoseconds &- before) / 1e6
        print("row CPU \(String(format: "%9.2f", milliseconds)) ms  \(id)")
        #if !DEBUG
        #expect(milliseconds <= limitMilliseconds, "\(id): \(milliseconds) ms of server CPU")
        #endif
        return milliseconds
    }
}

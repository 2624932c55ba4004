import CMalloc
import Synchronization

/// Gives the heap's free pages back to the system once a burst of large exchanges is over.
///
/// glibc returns free memory only from the top of a heap, and only past its trim threshold: after
/// 64 uploads of 10 MB at once, the server stayed at 680 MiB resident, idle, though almost all of
/// it was free. `malloc_trim(0)` also gives back the free pages in the middle of every arena
/// (35 MiB again). It is made once the large exchanges have stopped for a while, never under
/// steady load, where the pages would only be faulted in again.
final class HeapTrimmer: Sendable {
    /// An exchange with at least this many body bytes, in or out, is large.
    static let largeExchangeBytes: Int64 = 256 << 10
    /// How long no large exchange must end before the heap is trimmed, in milliseconds.
    let quietMilliseconds: UInt64
    /// When the last large exchange ended (monotonic milliseconds, at least 1); 0 when the heap
    /// was trimmed since.
    private let lastLargeExchange = Atomic<UInt64>(0)
    private let trims = Atomic<Int>(0)

    init(quietMilliseconds: UInt64 = 1000) {
        self.quietMilliseconds = quietMilliseconds
    }

    /// Notes an exchange that ended (or was cut off) after moving these many body bytes.
    func exchangeEnded(requestBodyBytes: Int64, responseBytes: Int, now: UInt64) {
        guard requestBodyBytes >= Self.largeExchangeBytes || Int64(responseBytes) >= Self.largeExchangeBytes else { return }
        lastLargeExchange.store(max(now, 1), ordering: .relaxed)
    }

    /// Trims the heap when a large exchange ended, and none has for the quiet period; called
    /// from every loop's periodic timer, so at most one loop trims for each burst.
    func tick(now: UInt64) {
        let last = lastLargeExchange.load(ordering: .relaxed)
        guard last != 0, now &- last >= quietMilliseconds else { return }
        guard lastLargeExchange.compareExchange(expected: last, desired: 0, ordering: .relaxed).exchanged else { return }
        malloc_trim(0)
        trims.wrappingAdd(1, ordering: .relaxed)
    }

    /// How many times the heap was trimmed.
    var trimCount: Int { trims.load(ordering: .relaxed) }
}

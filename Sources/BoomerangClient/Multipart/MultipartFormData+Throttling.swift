import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// AFNetworking's throttle with a real sleep: the thread side of the core's
/// ``MultipartFormData/throttleBandwidth(packetSize:delay:pause:)``.
extension MultipartFormData {
    /// Throttles the body: each read returns at most `packetSize` bytes and the reading thread
    /// sleeps `delay` seconds after each chunk read from a part.
    ///
    /// AFNetworking's `throttleBandwidthWithPacketSize:delay:` (§1.6.7), sleeping with
    /// ``threadSleep``.
    ///
    /// - Parameters:
    ///   - packetSize: the most bytes per read, at least 1.
    ///   - delay: seconds to sleep; 0 for none.
    public mutating func throttleBandwidth(packetSize: Int, delay: Double) {
        throttleBandwidth(packetSize: packetSize, delay: delay, pause: Self.threadSleep)
    }

    /// Blocks the calling thread for the given seconds with `nanosleep`, resuming after signals.
    public static let threadSleep: @Sendable (Double) -> Void = { seconds in
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR {
            request = remaining
        }
    }
}

import BoomerangSerialization
import BoomerangSettings
import BoomerangWire

/// The deadlines and buffer limits of one HTTP/1.1 connection, in the units the state machine
/// counts in (monotonic nanoseconds, bytes).
public struct ConnectionConfiguration: Sendable {
    /// The limits and leniencies of the request parser.
    public var parser = HTTPParserConfiguration()
    /// How long a request head may take from its first byte.
    public var headerTimeoutNanoseconds: UInt64 = 10 * second
    /// How long a connection may stay open with no request in progress and nothing to send.
    public var idleTimeoutNanoseconds: UInt64 = 15 * second
    /// How long queued output may go without any byte being accepted by the socket.
    public var writeTimeoutNanoseconds: UInt64 = 15 * second
    /// How long a body may arrive at any rate before ``minBodyBytesPerSecond`` applies.
    public var bodyRateGracePeriodNanoseconds: UInt64 = 10 * second
    /// The slowest accepted body rate once the grace period is over.
    public var minBodyBytesPerSecond = 1024
    /// How long a lingering close reads and discards before it closes anyway.
    public var lingerTimeoutNanoseconds: UInt64 = 2 * second
    /// Above this much queued output the connection stops reading, parsing and pulling streams.
    public var maxPendingOutputBytes = 1 << 20
    /// A response stream is pulled only while less than this is queued, so that a slow reader
    /// holds at most this much of its response (and one piece) however large the body.
    public var streamRefillBytes = 64 << 10
    /// How much pipelined input is kept while a response is in progress before reading pauses.
    public var maxBufferedInputBytes = 64 << 10
    /// Whether a request asking for `Upgrade: h2c` gets it (the driver then speaks HTTP/2).
    public var acceptsH2CUpgrade = false

    public static let second: UInt64 = 1_000_000_000

    public init() {}

    /// The configuration the server's settings describe.
    public init(settings: ServerSettings, parser: HTTPParserConfiguration) {
        self.parser = parser
        headerTimeoutNanoseconds = Self.nanoseconds(settings.headerTimeout)
        idleTimeoutNanoseconds = Self.nanoseconds(settings.idleTimeout)
        writeTimeoutNanoseconds = Self.nanoseconds(settings.writeTimeout)
        bodyRateGracePeriodNanoseconds = Self.nanoseconds(settings.bodyRateGracePeriod)
        minBodyBytesPerSecond = settings.minBodyBytesPerSecond
    }

    public static func nanoseconds(_ seconds: Double) -> UInt64 {
        seconds <= 0 ? 0 : UInt64(seconds * 1e9)
    }
}

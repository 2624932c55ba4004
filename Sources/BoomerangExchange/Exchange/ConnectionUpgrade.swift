/// The protocol a connection speaks after a `101 Switching Protocols` (WebSocket, for instance).
///
/// Set ``Response/upgrade`` on a response with status 101 (to an HTTP/1.1 request that is not
/// HEAD). Once the 101 is queued, the connection stops parsing HTTP and hands every later byte to
/// the handler, including bytes that arrived right behind the request. The handler answers each
/// call with an ``UpgradeStep``: bytes to write, a time to be woken at, and whether to close once
/// the bytes are out. The connection applies backpressure (no reading while its output is above
/// the high-water mark) and the write timeout; it applies no idle timeout, which is the handler's
/// to keep with ``UpgradeStep/wakeAt``.
///
/// ```swift
/// struct Echo: ConnectionUpgrade {
///     mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> UpgradeStep {
///         UpgradeStep(output: Array(bytes))
///     }
/// }
/// var response = Response(status: 101, headers: ["Upgrade": "echo", "Connection": "Upgrade"])
/// response.upgrade = Echo()
/// ```
///
/// Runs on the connection's loop thread only; it is `Sendable` because a ``Response`` is.
public protocol ConnectionUpgrade: Sendable {
    /// The 101 is queued; the connection is the handler's from now on. The default does nothing.
    ///
    /// - Parameter waker: makes the connection call ``wake(now:)`` soon, from any thread.
    mutating func start(now: UInt64, waker: ConnectionWaker) -> UpgradeStep

    /// Bytes from the client.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> UpgradeStep

    /// The time asked for in ``UpgradeStep/wakeAt`` has come, or the waker was woken. The
    /// default does nothing.
    mutating func wake(now: UInt64) -> UpgradeStep

    /// The client closed its side (end of stream). The default closes the connection.
    mutating func peerClosed(now: UInt64) -> UpgradeStep
}

extension ConnectionUpgrade {
    /// Does nothing.
    public mutating func start(now: UInt64, waker: ConnectionWaker) -> UpgradeStep { UpgradeStep() }

    /// Does nothing.
    public mutating func wake(now: UInt64) -> UpgradeStep { UpgradeStep() }

    /// Closes the connection.
    public mutating func peerClosed(now: UInt64) -> UpgradeStep { UpgradeStep(close: true) }
}

/// What a ``ConnectionUpgrade`` asks of the connection after each call.
public struct UpgradeStep: Sendable, Equatable {
    /// Bytes to write, after everything queued before.
    public var output: [UInt8]
    /// When to call ``ConnectionUpgrade/wake(now:)`` (monotonic nanoseconds); nil keeps the time
    /// asked for before, if it has not come yet. A time that has come is forgotten once `wake`
    /// has been called for it.
    public var wakeAt: UInt64?
    /// Whether to close the connection once `output` has been sent.
    public var close: Bool

    /// Creates a step; the default asks for nothing.
    public init(output: [UInt8] = [], wakeAt: UInt64? = nil, close: Bool = false) {
        self.output = output
        self.wakeAt = wakeAt
        self.close = close
    }
}

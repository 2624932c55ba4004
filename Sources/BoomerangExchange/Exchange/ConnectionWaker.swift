/// Makes a connection pull its ``ResponseBodyStream`` (or wake its ``ConnectionUpgrade``) again
/// before the time it waits for: the way another thread (a history feed, a broadcast) tells a
/// connection that there is something new to send.
///
/// Safe to call from any thread, any number of times; wakes that arrive together are merged, and
/// a wake after the connection closed does nothing. The stream is then pulled on its own loop's
/// thread, never on the caller's.
public struct ConnectionWaker: Sendable {
    public let target: (any ConnectionWakeTarget)?
    public let connectionID: UInt64

    public init(target: (any ConnectionWakeTarget)?, connectionID: UInt64) {
        self.target = target
        self.connectionID = connectionID
    }

    /// A waker that does nothing, for streams used outside a connection (tests, previews).
    public static let none = ConnectionWaker(target: nil, connectionID: 0)

    /// Asks the connection's loop to pull the stream again soon.
    public func wake() {
        target?.wake(connectionID: connectionID)
    }
}

/// Where a ``ConnectionWaker`` delivers its wakes: the loop that owns the connection.
public protocol ConnectionWakeTarget: AnyObject, Sendable {
    /// Queues a wake for the connection and wakes its loop; callable from any thread.
    func wake(connectionID: UInt64)
}

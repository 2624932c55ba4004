// The Sendable face of an event loop: other threads ask it to drain or stop, wake its
// connections, and wake it for the connections another loop handed it (`LoopBalancer`), through
// an atomic command, a locked list of connection ids and an eventfd that the loop watches.
// Everything here is safe on any thread; the loop reads it on its own.
import BoomerangExchange
import BoomerangRuntime
import CLibevent
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What other threads may ask of a loop.
public final class LoopHandle: Sendable {
    public enum Command: Int {
        case none = 0
        case drain = 1
        case stop = 2
    }

    public let wakeFD: Int32
    private let command = Atomic<Int>(0)
    private let wokenConnections = Locked<[UInt64]>([])

    public init() throws(LibeventError) {
        wakeFD = try cCall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// Asks the loop to drain (finish in-flight exchanges, accept nothing new) or to stop now.
    public func send(_ newCommand: Command) {
        _ = command.max(newCommand.rawValue, ordering: .sequentiallyConsistent)
        wake()
    }

    public var pending: Command {
        Command(rawValue: command.load(ordering: .sequentiallyConsistent)) ?? .none
    }

    /// Takes the ids of the connections woken since the last call.
    public func takeWokenConnections() -> [UInt64] {
        wokenConnections.withLock { ids in
            defer { ids = [] }
            return ids
        }
    }

    /// Wakes the loop: for a command, woken connections, or connections handed to it.
    func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    deinit {
        Glibc.close(wakeFD)
    }
}

extension LoopHandle: ConnectionWakeTarget {
    public func wake(connectionID: UInt64) {
        let first = wokenConnections.withLock { ids in
            if ids.contains(connectionID) { return false }
            ids.append(connectionID)
            return ids.count == 1
        }
        // One eventfd write per batch: the loop takes the whole list when it wakes.
        if first { wake() }
    }
}

// Starts an event loop on a thread of its own and joins it. `start` and `join` run on the thread
// that starts or stops the server; the loop itself runs only on the new thread, which holds the
// one strong reference to it.
#if canImport(Glibc)
import Glibc
#endif

/// A running loop's thread, and the handle to ask it things.
public struct LoopThread: Sendable {
    public let handle: LoopHandle
    private let thread: pthread_t

    /// Runs `loop` on a new thread.
    ///
    /// The corresponding C function is `pthread_create`.
    public static func start(_ loop: EventLoop) throws(LibeventError) -> LoopThread {
        let handle = loop.handle
        var thread = pthread_t()
        let argument = Unmanaged.passRetained(loop).toOpaque()
        let status = pthread_create(&thread, nil, runLoopThread, argument)
        guard status == 0 else {
            Unmanaged<EventLoop>.fromOpaque(argument).release()
            throw LibeventError(function: "pthread_create", errno: status)
        }
        return LoopThread(handle: handle, thread: thread)
    }

    /// Waits for the thread to end.
    ///
    /// The corresponding C function is `pthread_join`.
    public func join() {
        pthread_join(thread, nil)
    }

    /// The processor time the thread has used so far, in nanoseconds (user and system).
    ///
    /// The corresponding C functions are `pthread_getcpuclockid` and `clock_gettime`.
    public func cpuNanoseconds() -> UInt64 {
        var clock = clockid_t()
        guard pthread_getcpuclockid(thread, &clock) == 0 else { return 0 }
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The number of processors online, the default number of loops.
    public static var processorCount: Int {
        AvailableProcessors.count
    }
}

private func runLoopThread(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let loop = Unmanaged<EventLoop>.fromOpaque(argument!).takeRetainedValue()
    loop.run()
    return nil
}

// Waits for SIGINT or SIGTERM, running a hang-up action for each SIGHUP meanwhile. A sigaction handler (process-wide, so it runs on whichever thread
// the kernel picks, including threads started before it was installed) writes the signal number
// into a pipe; the waiting thread reads it. Only write(2) runs in the handler: async-signal-safe.
#if canImport(Glibc)
import Glibc
#endif

/// The signals that ask the server to shut down.
public enum ShutdownSignal {
    nonisolated(unsafe) private static var pipeWriteFD: Int32 = -1

    /// Installs the handlers, calls `ready`, then blocks until SIGINT or SIGTERM arrives; each
    /// SIGHUP meanwhile runs `hangup` on the waiting thread.
    ///
    /// - Returns: the signal number.
    public static func wait(ready: () -> Void, hangup: () -> Void = {}) throws(LibeventError) -> Int32 {
        var fds: [Int32] = [-1, -1]
        try cCall("pipe") { pipe(&fds) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            Glibc.close(fds[0])
        }
        pipeWriteFD = fds[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = shutdownSignalReceived
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGHUP, &action, nil)
        // A parent (a test runner, a supervisor) may have started us with these blocked.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        ready()
        var number: Int32 = 0
        while true {
            while Glibc.read(fds[0], &number, MemoryLayout<Int32>.size) < 0 && errno == EINTR {}
            guard number == SIGHUP else { break }
            hangup()
        }
        var restore = sigaction()
        restore.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGINT, &restore, nil)
        sigaction(SIGTERM, &restore, nil)
        sigaction(SIGHUP, &restore, nil)
        // No handler can run any more: the write end can go.
        pipeWriteFD = -1
        Glibc.close(fds[1])
        return number
    }

    fileprivate static var writeFD: Int32 { pipeWriteFD }
}

private func shutdownSignalReceived(_ signal: Int32) {
    var number = signal
    _ = Glibc.write(ShutdownSignal.writeFD, &number, MemoryLayout<Int32>.size)
}

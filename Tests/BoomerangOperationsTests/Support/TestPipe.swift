#if canImport(Glibc)
import Glibc
#endif

/// A pipe for tests of what is written to a descriptor; both ends are closed when it goes away.
final class TestPipe {
    let readFD: Int32
    private(set) var writeFD: Int32

    /// - Parameters:
    ///   - nonBlockingRead: whether a read of an empty pipe returns -1 at once instead of waiting.
    ///   - capacity: the pipe's size in bytes (`F_SETPIPE_SZ`), when not the system's 64 KiB.
    init(nonBlockingRead: Bool = false, capacity: Int32? = nil) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TestPipeError(errno: errno) }
        (readFD, writeFD) = (fds[0], fds[1])
        if nonBlockingRead { _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK) }
        // F_SETPIPE_SZ (Linux, not exported to Swift).
        if let capacity { _ = fcntl(writeFD, 1031, capacity) }
    }

    /// The pipe's size in bytes (`F_GETPIPE_SZ`).
    var capacity: Int32 { fcntl(writeFD, 1032) }

    /// Reads what one `read` gives, up to `limit` bytes; empty when nothing came.
    func read(upTo limit: Int = 1 << 20) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = Glibc.read(readFD, &buffer, limit)
        return Array(buffer[0..<max(count, 0)])
    }

    /// Closes the writing end, so that reads see the end of the pipe.
    func closeWriteEnd() {
        guard writeFD >= 0 else { return }
        close(writeFD)
        writeFD = -1
    }

    deinit {
        close(readFD)
        closeWriteEnd()
    }
}

struct TestPipeError: Error {
    let errno: Int32
}

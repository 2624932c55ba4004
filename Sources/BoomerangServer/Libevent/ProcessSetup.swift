// Process-wide settings for a server, made once before the loops start, on the starting thread.
import CLibevent

#if canImport(Glibc)
import Glibc
#endif

/// Process-wide preparation for serving.
enum ProcessSetup {
    /// Ignores SIGPIPE (a client that goes away must not kill the server), raises the open-file
    /// limit to its hard maximum, and keeps large buffers in the heap.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        // Echo bodies and documents of a few MiB are allocated and freed on every request; above
        // glibc's mmap threshold each would be a fresh mapping, page-faulted in and unmapped again.
        mallopt(M_MMAP_THRESHOLD, 64 << 20)
        mallopt(M_TRIM_THRESHOLD, 128 << 20)
    }
}

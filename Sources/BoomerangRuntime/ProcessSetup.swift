import CMalloc

#if canImport(Glibc)
import Glibc
#endif

/// Process-wide preparation for serving, made once on the starting thread before a server starts.
///
/// The server does not do this itself: it is the program's decision (the `boomerang` executable
/// calls it before `serve`, and tests that run a server call it too). Without it, a write to a
/// connection the client has closed raises SIGPIPE and ends the process, and a write past the
/// file-size limit (`ulimit -f`) to the history file or a redirected log raises SIGXFSZ and ends
/// it too.
public enum ProcessSetup {
    /// Ignores SIGPIPE (a client that goes away must not kill the server) and SIGXFSZ (a file
    /// that reaches the size limit fails its write with EFBIG, which the history file reports,
    /// as it does a full disk), raises the open-file limit to its hard maximum, and keeps large
    /// buffers in the heap. Calling it again changes nothing further.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        // Echo bodies and documents of a few MiB are allocated and freed on every request; above
        // glibc's mmap threshold each would be a fresh mapping, page-faulted in and unmapped again.
        // Free memory at the top of a heap is given back past 32 MiB: a 10 MiB JSON echo's peak
        // (about 90 MiB) does not stay resident, and a few MiB per request never reach it.
        mallopt(M_MMAP_THRESHOLD, 64 << 20)
        mallopt(M_TRIM_THRESHOLD, 32 << 20)
    }
}

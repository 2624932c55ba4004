import BoomerangRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ProcessSetupTests {
    /// A write to a socket whose peer has closed fails with EPIPE instead of ending the process.
    @Test func writeToAClosedPeerIsEPIPENotASignal() {
        ProcessSetup.prepare()
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]) }
        close(fds[1])
        let byte: [UInt8] = [0x2A]
        let written = byte.withUnsafeBytes { write(fds[0], $0.baseAddress, 1) }
        let failure = errno
        #expect(written == -1)
        #expect(failure == EPIPE)
    }

    /// Robustness R04: SIGXFSZ is ignored, so a write past the file-size limit fails (EFBIG)
    /// instead of ending the process; `ProcessRowTests` shows the server going on.
    @Test func fileSizeSignalIsIgnored() {
        ProcessSetup.prepare()
        var action = sigaction()
        #expect(sigaction(SIGXFSZ, nil, &action) == 0)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test func openFileLimitIsRaisedToTheHardLimit() {
        ProcessSetup.prepare()
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        #expect(limit.rlim_cur == limit.rlim_max)
    }
}

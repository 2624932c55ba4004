#if canImport(Glibc)
import Glibc
#endif

import Testing

@testable import BoomerangLibevent

/// `threads: auto` under a cgroup v2 CPU quota.
@Suite struct AvailableProcessorsTests {
    @Test(arguments: [
        ("max 100000\n", nil), ("100000 100000\n", 1), ("150000 100000", 2), ("50000 100000", 1), ("400000 100000\n", 4),
        ("", nil), ("max", nil), ("x 100000", nil), ("100000 0", nil),
    ] as [(String, Int?)])
    func quotaIsRoundedUp(text: String, processors: Int?) {
        #expect(AvailableProcessors.quota(cpuMax: text) == processors)
    }

    @Test func autoIsAtLeastOneAndAtMostTheOnlineProcessors() {
        #expect(AvailableProcessors.count >= 1)
        #expect(AvailableProcessors.count <= Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

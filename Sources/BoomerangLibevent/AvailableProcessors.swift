#if canImport(Glibc)
import Glibc
#endif

/// How many loops `threads: auto` starts: the online processors, or fewer when a cgroup v2 CPU
/// quota (a container's `--cpus`, a Kubernetes CPU limit) allows less, so a container limited to
/// one CPU does not run two busy loops on it.
public enum AvailableProcessors {
    public static var count: Int {
        let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        guard let text = readSmallFile("/sys/fs/cgroup/cpu.max"), let quota = quota(cpuMax: text) else { return online }
        return min(online, quota)
    }

    /// The processors a `cpu.max` value (`"max 100000"`, `"150000 100000"`) allows, rounded up;
    /// `nil` for no limit or text that is not of that form.
    public static func quota(cpuMax text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let period = Int(fields[1]), period > 0 else { return nil }
        guard let limit = Int(fields[0]), limit > 0 else { return nil }
        return max(1, (limit + period - 1) / period)
    }

    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

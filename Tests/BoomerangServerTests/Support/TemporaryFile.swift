import BoomerangSamples
import Foundation

/// A file with given bytes in a fresh temporary directory, removed on release.
final class TemporaryFile {
    let directory: URL
    let url: URL

    init(name: String = "file.bin", bytes: [UInt8]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("boomerang-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
    }

    var path: String { url.path }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Deterministic pseudo-random bytes (SplitMix64), so failures reproduce.
struct SeededBytes {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            withUnsafeBytes(of: next()) { out.append(contentsOf: $0) }
        }
        return Array(out.prefix(count))
    }
}

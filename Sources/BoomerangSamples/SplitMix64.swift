/// A tiny seeded pseudo-random generator (SplitMix64), for tests and benchmarks whose inputs must
/// be the same on every run, so that a failing seed reproduces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next `count` bytes: each value's eight bytes, least significant first.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (count + 7) / 8 * 8)
        bytes.withUnsafeMutableBytes { buffer in
            for offset in stride(from: 0, to: buffer.count, by: 8) {
                buffer.storeBytes(of: next().littleEndian, toByteOffset: offset, as: UInt64.self)
            }
        }
        return Array(bytes.prefix(count))
    }

    /// `count` bytes from a generator seeded with `seed`.
    public static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return generator.bytes(count)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte sequence in a buffer in linear time: `memchr` for the needle's first byte, then
/// a compare, so that a megabyte part is searched in about a millisecond (Foundation's generic
/// `firstRange(of:)` takes hundreds of millions of instructions for the same).
public enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack`, or nil; an empty needle is
    /// found at 0.
    public static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first else { return 0 }
        guard needle.count <= haystack.count else { return nil }
        return haystack.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { wanted -> Int? in
                guard let base = hay.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                let last = hay.count - wanted.count
                var start = 0
                while start <= last {
                    guard let found = memchr(base + start, Int32(first), last - start + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + offset, wantedBase, wanted.count) == 0 { return offset }
                    start = offset + 1
                }
                return nil
            }
        }
    }
}

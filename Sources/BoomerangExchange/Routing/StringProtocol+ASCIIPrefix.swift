#if canImport(Glibc)
import Glibc
#endif

extension StringProtocol {
    /// Whether the text starts with these ASCII bytes, compared with one `memcmp` when the text
    /// is stored contiguously (the per-request checks of routing and recording).
    public func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        let fast = utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= count, let base = bytes.baseAddress else { return count == 0 }
            return memcmp(base, prefix.utf8Start, count) == 0
        }
        if let fast { return fast }
        return utf8.starts(with: UnsafeBufferPointer(start: prefix.utf8Start, count: count))
    }
}

extension Substring {
    /// As `StringProtocol.hasASCIIPrefix(_:)`, on the bytes of the base string: a substring's
    /// own contiguous view goes through the generic `Slice` (a path's checks, per request).
    public func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        let whole = base.utf8
        let start = whole.distance(from: whole.startIndex, to: startIndex)
        guard whole.distance(from: startIndex, to: endIndex) >= count else { return false }
        let fast = whole.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return count == 0 }
            return memcmp(base + start, prefix.utf8Start, count) == 0
        }
        if let fast { return fast }
        return utf8.starts(with: UnsafeBufferPointer(start: prefix.utf8Start, count: count))
    }
}

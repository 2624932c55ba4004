#if canImport(Glibc)
import Glibc
#endif

/// The route table's literal paths: an open-addressed table on a cheap hash of the path's bytes,
/// looked up with the request path as it is (a substring of the target), without making a
/// `String` of it or hashing it with SipHash as a dictionary would (once per request).
struct LiteralPaths: Sendable {
    /// Where a path's bytes are in `pathBytes`, and their hash: no reference to count on a look-up.
    private struct Key: Sendable {
        let hash: UInt64
        let offset: Int
        let count: Int
    }

    private var keys: [Key] = []
    private var pathBytes: [UInt8] = []
    private var routeLists: [[Route]] = []
    /// Indices into `keys` plus one, 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int] = []

    /// Adds `route` under `path`, after the routes already there.
    mutating func append(_ route: Route, at path: String) {
        let bytes = Array(path.utf8)
        if let index = bytes.withUnsafeBytes({ index(of: $0) }) {
            routeLists[index].append(route)
            return
        }
        keys.append(Key(hash: bytes.withUnsafeBytes(Self.hash), offset: pathBytes.count, count: bytes.count))
        pathBytes.append(contentsOf: bytes)
        routeLists.append([route])
        if keys.count * 2 > slots.count {
            slots = Array(repeating: 0, count: max(16, slots.count * 2))
            for index in keys.indices { insert(index) }
        } else {
            insert(keys.count - 1)
        }
    }

    /// The routes of `path`, nil when no literal route has it.
    func routes(for path: Substring) -> [Route]? {
        let whole = path.base.utf8
        let start = whole.distance(from: whole.startIndex, to: path.startIndex)
        let count = whole.distance(from: path.startIndex, to: path.endIndex)
        let found: Int?? = whole.withContiguousStorageIfAvailable { bytes in
            self.index(of: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<(start + count)]))
        }
        let entry: Int?
        if let found {
            entry = found
        } else {
            entry = Array(path.utf8).withUnsafeBytes { index(of: $0) }
        }
        guard let entry else { return nil }
        return routeLists[entry]
    }

    private func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(bytes)
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                pathBytes.withUnsafeBytes { stored in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let index = slots[slot] &- 1
                        if index < 0 { return nil }
                        let key = keys[index]
                        if key.hash == hash && key.count == bytes.count
                            && (key.count == 0 || memcmp(stored.baseAddress! + key.offset, bytes.baseAddress!, key.count) == 0)
                        {
                            return index
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    private mutating func insert(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: keys[index].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index + 1
    }

    /// FNV-1a over the bytes, with the length folded in.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }
}

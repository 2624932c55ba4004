/// A check of a binary property list's object table before Foundation reads it.
///
/// Foundation on Linux crashes the process (a null dereference while bridging an `NSSet`) when a
/// binary property list holds a set object (marker `0xC_`), which Apple's format defines but no
/// property list may contain; a 43-byte body found by fuzzing took the whole server down. So every
/// object's marker is looked at first, and a set, an ordered set or an undefined marker is refused
/// with its byte offset. The walk is linear in the object count, which is bounded by the input
/// size.
enum BinaryPropertyListScreen {
    /// The refusal of `bytes`, or `nil` when every object marker is one Foundation reads safely
    /// (or when the trailer is damaged, which Foundation reports as malformed by itself).
    static func refusal(_ bytes: [UInt8]) -> PropertyListReadError? {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
            let count = integer(bytes, at: trailer + 8, size: 8),
            let tableStart = integer(bytes, at: trailer + 24, size: 8),
            count <= bytes.count, tableStart <= trailer, count * offsetSize <= trailer - tableStart
        else { return nil }
        for index in 0..<count {
            guard let offset = integer(bytes, at: tableStart + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableStart
            else { continue }
            let marker = bytes[offset] >> 4
            // 0x0 null/bool/fill, 0x1 integer, 0x2 real, 0x3 date, 0x4 data, 0x5 ASCII, 0x6 UTF-16,
            // 0x8 UID, 0xA array, 0xD dictionary. 0xB and 0xC are ordered sets and sets.
            guard [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x8, 0xA, 0xD].contains(marker) else {
                let kind = marker == 0xC ? "a set" : marker == 0xB ? "an ordered set" : "an undefined object type"
                return PropertyListReadError(
                    code: .unsupportedValue,
                    value: "binary property list object \(index) is \(kind) (marker 0x\(String(bytes[offset], radix: 16)))",
                    offset: offset)
            }
        }
        return nil
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, when it fits and is in bounds.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] {
            value = value << 8 | UInt64(byte)
        }
        return value <= UInt64(Int.max / 16) ? Int(value) : nil
    }
}

/// A growable byte buffer on raw memory for the hot JSON path: callers reserve room once, then
/// write without per-byte capacity or uniqueness checks. The memory is an array's, whose count
/// is its capacity while it is written, so that ``makeArray()`` hands it over without a copy.
struct RawOutput: ~Copyable {
    /// Never copied and never mutated but by `grow(to:)`: `base` points into it.
    private var storage: [UInt8]
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        let capacity = max(capacity, 64)
        var storage: [UInt8]
        if capacity <= rawOutputZeros.count {
            // Reserved, then filled from zeros: both specialised, where an array made
            // uninitialised costs a generic metadata look-up (more than copying a few KiB).
            storage = []
            storage.reserveCapacity(capacity)
            rawOutputZeros.withUnsafeBufferPointer { storage.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<capacity])) }
        } else {
            // UInt8 needs no initialisation: bytes past `count` are never read.
            storage = [UInt8](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = capacity }
        }
        base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
        self.storage = storage
        self.capacity = capacity
    }

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity {
            grow(to: count + extra)
        }
    }

    @inline(never)
    private mutating func grow(to minimum: Int) {
        let newCapacity = max(capacity * 2, minimum, 64)
        var newStorage = [UInt8](unsafeUninitializedCapacity: newCapacity) { buffer, initialized in
            buffer.baseAddress!.update(from: base, count: count)
            initialized = newCapacity
        }
        base = newStorage.withUnsafeMutableBufferPointer { $0.baseAddress! }
        storage = newStorage
        capacity = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    /// Appends `count` copies of `byte`; room must have been reserved.
    @inline(__always)
    mutating func appendUnchecked(repeating byte: UInt8, count length: Int) {
        (base + count).update(repeating: byte, count: length)
        count += length
    }

    /// Appends bytes; room must have been reserved. Up to 32 bytes (a key, a header) are copied
    /// in overlapping words instead of through a call to `memmove`.
    @inline(__always)
    mutating func appendUnchecked(_ source: UnsafePointer<UInt8>, count length: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base + count)
        if length > 32 {
            to.copyMemory(from: from, byteCount: length)
        } else if length >= 8 {
            let first = from.loadUnaligned(as: UInt64.self)
            let last = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            if length > 16 {
                let second = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = from.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
                to.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                to.storeBytes(of: third, toByteOffset: length - 16, as: UInt64.self)
            }
            to.storeBytes(of: first, as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
        } else if length > 0 {
            let first = from.load(as: UInt8.self)
            let middle = from.load(fromByteOffset: length / 2, as: UInt8.self)
            let last = from.load(fromByteOffset: length - 1, as: UInt8.self)
            to.storeBytes(of: first, as: UInt8.self)
            to.storeBytes(of: middle, toByteOffset: length / 2, as: UInt8.self)
            to.storeBytes(of: last, toByteOffset: length - 1, as: UInt8.self)
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        reserve(source.count)
        appendUnchecked(start, count: source.count)
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        reserve(literal.utf8CodeUnitCount)
        appendUnchecked(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Forgets the bytes from `newCount` on.
    @inline(__always)
    mutating func rewind(to newCount: Int) {
        count = newCount
    }

    /// Counts `length` bytes written at `base + count` into reserved room.
    @inline(__always)
    mutating func advance(by length: Int) {
        count += length
    }

    /// The contents as an array; the writing ends here. The memory itself when at most a third
    /// of it is unused (a large echo is not copied once more), else a copy of the right size.
    mutating func makeArray() -> [UInt8] {
        let unused = capacity - count
        var bytes: [UInt8]
        if unused > 4096 && unused > count / 2 {
            bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let destination = buffer.baseAddress {
                    destination.update(from: base, count: count)
                }
                initialized = count
            }
        } else {
            bytes = []
            swap(&bytes, &storage)
            bytes.removeLast(unused)
        }
        storage = []
        count = 0
        capacity = 0
        return bytes
    }
}

/// The bytes a small ``RawOutput`` starts from.
private let rawOutputZeros = [UInt8](repeating: 0, count: 4096)

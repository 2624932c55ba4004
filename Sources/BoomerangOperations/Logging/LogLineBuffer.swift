import BoomerangSerialization

/// A fixed block of memory that log lines are formatted into through a pointer: no growth check,
/// no exclusivity check and no allocation per byte or per line. The caller makes sure a line fits
/// (``room``) before writing it.
package struct LogLineBuffer: ~Copyable {
    private let base: UnsafeMutablePointer<UInt8>
    package let capacity: Int
    package private(set) var count = 0

    package init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    package var room: Int { capacity - count }
    package var isEmpty: Bool { count == 0 }
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    package mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count &+= text.utf8CodeUnitCount
    }

    /// Appends the UTF-8 of `text`.
    @inline(__always)
    package mutating func append(_ text: String) {
        LogLineBuffer.withUTF8(text) { append($0) }
    }

    /// Appends a decimal number: at most 21 bytes.
    @inline(__always)
    package mutating func appendDecimal(_ value: Int) {
        count &+= DecimalText.write(value, to: base + count)
    }

    /// Calls `body` with the UTF-8 bytes of `text`, copying them only when the string has no
    /// contiguous UTF-8 of its own.
    @inline(__always)
    package static func withUTF8<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = text
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

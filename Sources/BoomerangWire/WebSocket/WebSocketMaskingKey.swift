import BoomerangSerialization

/// The 4-byte key a client XORs over every payload it sends
/// ([RFC 6455 §5.3](https://www.rfc-editor.org/rfc/rfc6455#section-5.3)).
public struct WebSocketMaskingKey: Sendable, Hashable, CustomStringConvertible {
    /// The four key bytes in wire order, the first in the high bits.
    public let value: UInt32

    /// Creates a key from its four bytes in wire order.
    public init(_ byte0: UInt8, _ byte1: UInt8, _ byte2: UInt8, _ byte3: UInt8) {
        value = UInt32(byte0) << 24 | UInt32(byte1) << 16 | UInt32(byte2) << 8 | UInt32(byte3)
    }

    /// Creates a key from its four bytes in wire order, the first in the high bits of `value`.
    public init(value: UInt32) {
        self.value = value
    }

    /// The four key bytes in wire order.
    public var bytes: [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The key byte applied to payload byte `index`.
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * (index & 3)))
    }

    /// XORs the key over `buffer`, whose first byte is payload byte `payloadIndex` (masking and
    /// unmasking are the same operation).
    public func apply(to buffer: UnsafeMutableRawBufferPointer, payloadIndex: Int) {
        guard let base = buffer.baseAddress else { return }
        var pattern: UInt64 = 0
        for index in 0..<8 {
            pattern |= UInt64(byte(at: payloadIndex &+ index)) << UInt64(8 * index)
        }
        pattern = UInt64(littleEndian: pattern)
        var offset = 0
        while offset &+ 8 <= buffer.count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            base.storeBytes(of: word ^ pattern, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        while offset < buffer.count {
            buffer[offset] ^= byte(at: payloadIndex &+ offset)
            offset &+= 1
        }
    }

    /// XORs the key over `bytes`, whose first byte is payload byte `payloadIndex`.
    public func apply(to bytes: inout [UInt8], payloadIndex: Int = 0) {
        bytes.withUnsafeMutableBytes { apply(to: $0, payloadIndex: payloadIndex) }
    }

    /// The key as eight hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

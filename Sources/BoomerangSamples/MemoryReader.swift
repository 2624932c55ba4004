import BoomerangSerialization

/// A reader over bytes in memory that returns at most `maxPiece` bytes per read, and remembers the
/// largest read it was asked for.
public struct MemoryReader: BodyReader {
    let bytes: [UInt8]
    let maxPiece: Int
    var position = 0
    /// The largest buffer a read offered.
    public private(set) var largestRequest = 0

    /// A reader over `bytes`, at most `maxPiece` of them a read.
    public init(bytes: [UInt8], maxPiece: Int = .max) {
        self.bytes = bytes
        self.maxPiece = maxPiece
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        largestRequest = max(largestRequest, buffer.count)
        let count = min(buffer.count, maxPiece, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes[position..<(position + count)].withUnsafeBytes { buffer.copyMemory(from: $0) }
        position += count
        return count
    }
}

extension BodyStream {
    /// A stream of `bytes` that declares `length` (nil for none), read at most `maxPiece` bytes a time.
    public static func memory(_ bytes: [UInt8], declaring length: Int64?, maxPiece: Int = .max) -> BodyStream {
        BodyStream(length: length) { MemoryReader(bytes: bytes, maxPiece: maxPiece) }
    }
}

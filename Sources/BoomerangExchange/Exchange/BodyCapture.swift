import BoomerangSerialization
import Crypto

/// What the history keeps of a request body while it streams: the whole body up to a cap; past
/// the cap its size, its first ``previewBytes`` bytes and, when asked, its SHA-256.
public struct BodyCapture {
    /// How much of a body over the cap is kept to be shown.
    public static let previewBytes = 1024

    private let maxBytes: Int
    private let hashesOverflow: Bool
    /// The whole body while ``isWhole``, else its first ``previewBytes`` bytes.
    public private(set) var bytes: [UInt8] = []
    public private(set) var size: Int64 = 0
    public private(set) var isWhole = true
    private var hasher: SHA256?

    /// - Parameters:
    ///   - maxBytes: the largest body kept whole.
    ///   - hashesOverflow: whether a body over the cap is hashed here (false when the responder
    ///     hashes it already).
    public init(maxBytes: Int, hashesOverflow: Bool) {
        self.maxBytes = maxBytes
        self.hashesOverflow = hashesOverflow
    }

    public mutating func append(_ chunk: UnsafeRawBufferPointer) {
        size += Int64(chunk.count)
        guard isWhole else {
            hasher?.update(bufferPointer: chunk)
            return
        }
        if bytes.count + chunk.count <= maxBytes {
            bytes.append(contentsOf: chunk)
            return
        }
        isWhole = false
        if hashesOverflow {
            var hasher = SHA256()
            bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            hasher.update(bufferPointer: chunk)
            self.hasher = hasher
        }
        if bytes.count < Self.previewBytes {
            bytes.append(contentsOf: chunk.prefix(Self.previewBytes - bytes.count))
        } else {
            bytes = Array(bytes.prefix(Self.previewBytes))
        }
    }

    /// The SHA-256 of a body over the cap, when this capture hashed it.
    public var overflowSHA256: String? {
        hasher.map { Hex.lowercase($0.finalize()) }
    }
}

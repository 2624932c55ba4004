import CBoomerangSHA256
import Crypto

/// The SHA-256 of a request body and of the multipart part being read in it, made together.
///
/// Where the processor has the SHA extensions, the blocks of the two are hashed in one interleaved
/// pass (`CBoomerangSHA256`): one hash's rounds run while the other waits for its last result, so
/// the two take about 0.7 of the time of two passes. Elsewhere (and under valgrind, which hides
/// the extensions) swift-crypto makes each.
public struct SHA256Pair {
    /// Whether this processor has the SHA extensions.
    public static let accelerated = boomerang_sha256_accelerated() != 0

    private var body = boomerang_sha256()
    private var part = boomerang_sha256()
    /// The two hashes without the extensions; nil with them.
    private var portable: (body: SHA256, part: SHA256)?

    /// - Parameter accelerated: whether to use the SHA extensions; true only where they exist.
    public init(accelerated: Bool = SHA256Pair.accelerated) {
        if accelerated {
            boomerang_sha256_init(&body)
            boomerang_sha256_init(&part)
        } else {
            portable = (SHA256(), SHA256())
        }
    }

    /// Adds `bodyBytes` to the body's hash and `partBytes` to the part's.
    public mutating func update(body bodyBytes: UnsafeRawBufferPointer, part partBytes: UnsafeRawBufferPointer) {
        guard portable == nil else {
            portable!.body.update(bufferPointer: bodyBytes)
            portable!.part.update(bufferPointer: partBytes)
            return
        }
        boomerang_sha256_update2(&body, bodyBytes.baseAddress, bodyBytes.count, &part, partBytes.baseAddress, partBytes.count)
    }

    /// Adds `bytes` to the body's hash alone.
    public mutating func updateBody(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        guard portable == nil else {
            portable!.body.update(bufferPointer: bytes)
            return
        }
        boomerang_sha256_update(&body, bytes.baseAddress, bytes.count)
    }

    /// The part's digest; the part's hash starts again, for the next part.
    public mutating func finishPart() -> [UInt8] {
        guard portable == nil else {
            defer { portable!.part = SHA256() }
            return Array(portable!.part.finalize())
        }
        defer { boomerang_sha256_init(&part) }
        return Self.digest(&part)
    }

    /// Starts the part's hash again.
    public mutating func restartPart() {
        if portable == nil {
            boomerang_sha256_init(&part)
        } else {
            portable!.part = SHA256()
        }
    }

    /// The body's digest, once every byte was added.
    public mutating func finishBody() -> [UInt8] {
        guard portable == nil else { return Array(portable!.body.finalize()) }
        return Self.digest(&body)
    }

    private static func digest(_ hash: inout boomerang_sha256) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, initialized in
            boomerang_sha256_final(&hash, buffer.baseAddress!)
            initialized = 32
        }
    }
}

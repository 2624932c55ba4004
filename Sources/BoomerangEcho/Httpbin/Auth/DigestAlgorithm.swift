import BoomerangSerialization
import Crypto

/// The hash of an HTTP Digest exchange ([RFC 7616 §3.4](https://www.rfc-editor.org/rfc/rfc7616#section-3.4)).
package enum DigestAlgorithm: String, Sendable, CaseIterable {
    case md5 = "MD5"
    case sha256 = "SHA-256"
    case sha512 = "SHA-512"

    /// The algorithm a path or a client names; anything else is MD5, as httpbin reads it.
    package init(lenient name: String?) {
        self = name.flatMap { DigestAlgorithm(rawValue: $0.uppercased()) } ?? .md5
    }

    /// The lowercase hex digest of `text`'s UTF-8 bytes.
    package func hex(_ text: String) -> String {
        var hasher = Hasher(self)
        hasher.update(Array(text.utf8))
        return hasher.finalizeHex()
    }

    /// An incremental hash, for a body that streams (`auth-int`).
    package struct Hasher {
        private enum State {
            case md5(Insecure.MD5)
            case sha256(SHA256)
            case sha512(SHA512)
        }

        private var state: State

        package init(_ algorithm: DigestAlgorithm) {
            switch algorithm {
            case .md5: state = .md5(Insecure.MD5())
            case .sha256: state = .sha256(SHA256())
            case .sha512: state = .sha512(SHA512())
            }
        }

        package mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            switch state {
            case .md5(var hash):
                hash.update(bufferPointer: bytes)
                state = .md5(hash)
            case .sha256(var hash):
                hash.update(bufferPointer: bytes)
                state = .sha256(hash)
            case .sha512(var hash):
                hash.update(bufferPointer: bytes)
                state = .sha512(hash)
            }
        }

        package func finalizeHex() -> String {
            switch state {
            case .md5(let hash): Hex.lowercase(hash.finalize())
            case .sha256(let hash): Hex.lowercase(hash.finalize())
            case .sha512(let hash): Hex.lowercase(hash.finalize())
            }
        }
    }
}

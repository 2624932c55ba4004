import BoomerangSerialization
import BoomerangWire
import Crypto

/// The SHA-1 the opening handshake needs, which the core leaves to the server
/// (RFC 6455 §4.2.2: base64 of the SHA-1 of the key and the GUID).
package enum WebSocketAccept {
    /// The SHA-1 digest of `bytes`, from swift-crypto.
    package static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        Array(Insecure.SHA1.hash(data: bytes))
    }

    /// The Sec-WebSocket-Accept value for a checked handshake.
    package static func value(for handshake: WebSocketHandshake) -> String {
        handshake.acceptValue(sha1: sha1)
    }

    /// The Sec-WebSocket-Accept value for a key.
    package static func value(forKey key: String) -> String {
        WebSocketHandshake.acceptValue(forKey: key, sha1: sha1)
    }
}

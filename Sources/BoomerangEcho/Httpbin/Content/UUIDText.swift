import BoomerangSerialization

/// Version 4 (random) UUIDs as lowercase text ([RFC 9562 §5.4](https://www.rfc-editor.org/rfc/rfc9562#section-5.4)).
package enum UUIDText {
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    package static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Hex.lowercase(bytes)
        let utf8 = Array(hex.utf8)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32]
            .map { String(decoding: utf8[$0], as: UTF8.self) }
            .joined(separator: "-")
    }
}

@testable import BoomerangSerialization

extension RequestBody {
    /// The in-memory bytes, or `nil` for `.none` and streams.
    var serializedBytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// Whether the body is `.none`.
    var isNoBody: Bool {
        if case .none = self { return true }
        return false
    }

    /// The in-memory bytes as UTF-8 text.
    var serializedText: String? {
        serializedBytes.map { String(decoding: $0, as: UTF8.self) }
    }
}

@testable import BoomerangSerialization

extension RequestBody {
    /// The in-memory bytes, or `nil` for `.none` and streams.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// Whether the body is `.none`.
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// The in-memory bytes as UTF-8 text.
    var text: String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}

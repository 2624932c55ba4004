import BoomerangSerialization

/// One finding about a request, as the echo's `diagnostics` and the history show it: a stable
/// code, a level and a one-line message, with the byte offset where a parser stopped.
package struct Diagnostic: Sendable, Hashable {
    /// How much the finding matters.
    package enum Level: String, Sendable {
        /// The request is malformed: a server may refuse it or read it differently.
        case error
        /// The request is valid but likely not what the client meant.
        case warning
        /// Worth knowing; nothing is wrong.
        case info
    }

    package let code: String
    package let level: Level
    package let message: String
    package let offset: Int?

    package init(_ code: String, _ level: Level, _ message: String, offset: Int? = nil) {
        self.code = code
        self.level = level
        self.message = message
        self.offset = offset
    }

    /// `{"code", "level", "message", "offset"?}`.
    package var value: StructuredValue {
        var object = StructuredObject(minimumCapacity: 4)
        object.append(.string(code), forNewKey: "code")
        object.append(.string(level.rawValue), forNewKey: "level")
        object.append(.string(message), forNewKey: "message")
        if let offset { object.append(.int(Int64(offset)), forNewKey: "offset") }
        return .object(object)
    }
}

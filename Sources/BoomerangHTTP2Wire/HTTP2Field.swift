/// A header field of an HTTP/2 message, as it came (lowercase names, by the protocol).
public struct HTTP2Field: Sendable, Hashable, CustomStringConvertible {
    /// The name; pseudo-header fields start with `:`.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}

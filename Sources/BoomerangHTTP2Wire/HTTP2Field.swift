/// A header field of an HTTP/2 message, as it came (lowercase names, by the protocol).
public struct HTTP2Field: Sendable, Hashable, CustomStringConvertible {
    /// The name; pseudo-header fields start with `:`.
    public var name: String
    /// The value.
    public var value: String
    /// Whether HPACK sends the field literally and keeps it out of the dynamic table (RFC 7541
    /// §6.2.3): for a value never sent twice, such as a request id, which would otherwise fill
    /// the table and push out the fields every response repeats.
    public var isNeverIndexed: Bool

    /// Creates a field.
    public init(_ name: String, _ value: String, neverIndexed: Bool = false) {
        self.name = name
        self.value = value
        self.isNeverIndexed = neverIndexed
    }

    public var description: String { "\(name): \(value)" }
}

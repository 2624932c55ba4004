/// How ``JSONRequestSerializer`` writes JSON; the counterpart of `JSONSerialization.WritingOptions`.
///
/// Keys are always sorted (ordinally by UTF-16 code unit): a Swift dictionary has no stable order,
/// and AFNetworking's order (`NSDictionary`'s) is unspecified, so sorted output is one of the
/// orders AFNetworking can produce and keeps bodies reproducible. (Foundation's `.sortedKeys`
/// compares case-insensitively with numeric ordering, so it agrees only for keys such as
/// lowercase letters.)
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Foundation's pretty printing: two-space indentation, `"key" : value`, and an empty
    /// container written `{`, an empty line, then `}` at the container's indentation (Linux
    /// Foundation's form).
    public static let prettyPrinted = JSONWritingOptions(rawValue: 1 << 0)
    /// Writes `/` as it is instead of `\/`.
    public static let withoutEscapingSlashes = JSONWritingOptions(rawValue: 1 << 1)
    /// Accepts a top-level value that is not an array or dictionary.
    public static let fragmentsAllowed = JSONWritingOptions(rawValue: 1 << 2)
}

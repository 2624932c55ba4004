/// One name-value pair of a query string before escaping.
///
/// The flattened form of a ``QueryValue`` tree that AFNetworking calls `AFQueryStringPair`: the
/// name is the raw bracket path (`a[b][]`), the value a leaf. The multipart request serializer
/// turns the same pairs into parts whose names are written unescaped.
public struct QueryStringPair: Sendable, Hashable {
    /// The raw name, e.g. `a[b][]`; empty for a top-level value that is not a dictionary.
    public var name: String
    /// A leaf value (never an array, set or dictionary), or `nil` for ``QueryValue/null``.
    public var value: QueryValue?

    /// Creates a pair.
    ///
    /// - Precondition: `value` is `nil` or a leaf.
    public init(name: String, value: QueryValue?) {
        precondition(value?.isLeaf ?? true, "a query-string pair holds a leaf value")
        self.name = name
        self.value = value
    }
}

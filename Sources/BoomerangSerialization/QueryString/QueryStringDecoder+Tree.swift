extension QueryStringDecoder {
    /// The tree rebuilt from already-decoded pairs (multipart field names use the same bracket
    /// syntax as query strings); the same rules and limits as ``decode(_:)-(Bytes)``.
    public func tree(from pairs: [(name: String, value: String?)]) -> [String: QueryValue] {
        let builder = QueryTreeBuilder(configuration: configuration)
        for pair in pairs {
            builder.insert(key: pair.name, value: pair.value.map(QueryValue.string) ?? .null)
        }
        return builder.result()
    }
}

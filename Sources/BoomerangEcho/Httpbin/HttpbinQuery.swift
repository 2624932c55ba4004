import BoomerangSerialization

/// A request's query as the httpbin routes read it: pairs decoded as a form (`+` is a space, a
/// bare key has the value `""`), in order.
package struct HttpbinQuery {
    package let pairs: [(name: String, value: String)]

    package init(_ head: HTTPRequestHead) {
        guard let query = head.query, !query.isEmpty else {
            pairs = []
            return
        }
        pairs = FormDecoding.pairs(String(query), plusAsSpace: true).pairs.map { ($0.name, $0.value ?? "") }
    }

    /// The first value of `name`, as Werkzeug's `args.get` gives it.
    package func first(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The first value of `name`, the name compared without regard to ASCII case
    /// (httpbin's `CaseInsensitiveDict` of the query).
    package func firstIgnoringCase(_ name: String) -> String? {
        pairs.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether `name` is present.
    package func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }
}

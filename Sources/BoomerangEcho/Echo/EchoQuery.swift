import BoomerangSerialization

/// The query string of a request, decoded three ways: httpbin's `args` (`+` is a space, a bare key
/// is `""`, repeats become lists), the lossless ordered `query` pairs (`+` kept, a bare key is
/// null), and the nested `params` tree rebuilt from bracket syntax with the core's rules (`+` is
/// a space there too, as every form decoder reads it, so `a[c]=x+y` gives `{"a":{"c":"x y"}}`).
package struct EchoQuery {
    package let rawPairs: [(name: String, value: String?)]
    package let args: StructuredObject
    package let params: StructuredValue
    package let diagnostics: [StructuredValue]

    package init(_ query: Substring) {
        guard !query.isEmpty else {
            rawPairs = []
            args = StructuredObject()
            params = .object(StructuredObject())
            diagnostics = []
            return
        }
        let text = String(query)
        let raw = FormDecoding.pairs(text, plusAsSpace: false)
        rawPairs = raw.pairs
        let form = FormDecoding.pairs(text, plusAsSpace: true).pairs
        args = FormDecoding.semiflatten(form.map { ($0.name, StructuredValue.string($0.value ?? "")) })
        params = FormDecoding.tree(form)
        diagnostics = (raw.diagnostic.map { [$0] } ?? [])
            + RequestDiagnostics.query(query, names: rawPairs.map(\.name)).map(\.value)
    }

    /// The `query` key: `[name, value]` pairs in order, value null for a bare key.
    package var pairsValue: [StructuredValue] {
        rawPairs.map { .array([.string($0.name), $0.value.map(StructuredValue.string) ?? .null]) }
    }
}

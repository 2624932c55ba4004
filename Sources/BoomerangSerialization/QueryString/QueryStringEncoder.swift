/// Writes a ``QueryValue`` as a query string, exactly as AFNetworking's
/// `AFQueryStringFromParameters` does with the default configuration.
///
/// The tree is flattened to ``QueryStringPair``s (AFNetworking's `AFQueryStringPairsFromKeyAndValue`):
/// - dictionary keys are sorted by text at every level, ordinally by UTF-16 code unit as
///   `-[NSString compare:]` does (`B` < `Z` < `_` < `a`, `"10"` < `"9"`); a child is named
///   `key[child]`, or `child` at the top level;
/// - array elements keep their order and are named `key[]` (see ``QueryStringConfiguration/ArrayStyle``);
/// - set elements are sorted by their text and repeat the key with no brackets; elements that are
///   containers sort after the leaves, in their given order;
/// - empty containers give no pairs.
///
/// Each pair renders as `escape(name)=escape(value)`, brackets in names escaped too
/// (`a%5Bb%5D%5B%5D=1`); ``QueryValue/null`` renders as the escaped name alone; pairs are joined
/// with `&`. A top-level value that is not a dictionary has no key: a scalar renders as `=value`
/// and an array's elements are named `(null)[]`, the text Objective-C prints for a nil key.
///
/// ```swift
/// QueryStringEncoder().encode(["b": [1, 2], "a": ["x": nil, "y": ""]])
/// // "a%5Bx%5D&a%5By%5D=&b%5B%5D=1&b%5B%5D=2"
/// ```
///
/// The walk uses an explicit stack, so a deep tree cannot overflow the call stack.
public struct QueryStringEncoder: Sendable, Hashable {
    /// The array, Boolean and space styles.
    public var configuration: QueryStringConfiguration

    /// Creates an encoder; the default configuration is AFNetworking's.
    public init(configuration: QueryStringConfiguration = .afnetworking) {
        self.configuration = configuration
    }

    /// The query string for `value`.
    public func encode(_ value: QueryValue) -> String {
        String(decoding: encodedBytes(value), as: UTF8.self)
    }

    /// The UTF-8 bytes of the query string for `value`.
    public func encodedBytes(_ value: QueryValue) -> [UInt8] {
        var output: [UInt8] = []
        encode(value, into: &output)
        return output
    }

    /// Appends the query string for `value` to `output`.
    public func encode(_ value: QueryValue, into output: inout [UInt8]) {
        let escaper = PercentEncoder(encodesSpaceAsPlus: configuration.spaceStyle == .plus)
        var first = true
        walk(value) { name, leaf in
            if !first { output.append(UInt8(ascii: "&")) }
            first = false
            escaper.encode(name, into: &output)
            if let leaf {
                output.append(UInt8(ascii: "="))
                escaper.encode(leaf.utf8, into: &output)
            }
        }
    }

    /// Renders already-built pairs: `escape(name)=escape(value)` joined with `&`, a `nil` value as
    /// the escaped name alone.
    public func encode(pairs: [QueryStringPair]) -> String {
        let escaper = PercentEncoder(encodesSpaceAsPlus: configuration.spaceStyle == .plus)
        var output: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            escaper.encode(pair.name.utf8, into: &output)
            if let text = pair.value?.leafText(boolStyle: configuration.boolStyle) {
                output.append(UInt8(ascii: "="))
                escaper.encode(text.utf8, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The flattened pairs of `value`, with raw (unescaped) names, in output order.
    public func pairs(_ value: QueryValue) -> [QueryStringPair] {
        var result: [QueryStringPair] = []
        walkLeaves(value) { name, leaf in
            result.append(QueryStringPair(name: String(decoding: name, as: UTF8.self), value: leaf))
        }
        return result
    }

    /// Calls `body` with each pair's raw name and rendered value text (`nil` for null).
    private func walk(_ value: QueryValue, _ body: ([UInt8], String?) -> Void) {
        let boolStyle = configuration.boolStyle
        walkLeaves(value) { name, leaf in
            body(name, leaf?.leafText(boolStyle: boolStyle))
        }
    }

    private func walkLeaves(_ root: QueryValue, _ body: ([UInt8], QueryValue?) -> Void) {
        var stack: [(name: [UInt8]?, value: QueryValue)] = [(nil, root)]
        while let (name, value) = stack.popLast() {
            switch value {
            case .dictionary(let dictionary):
                let entries = dictionary.sorted { UTF16Order.precedes($0.key, $1.key) }
                for entry in entries.reversed() {
                    stack.append((Self.child(name, entry.key), entry.value))
                }
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() {
                    stack.append((arrayElementName(name, index: index), element))
                }
            case .set(let elements):
                for element in Self.sortedSetElements(elements).reversed() {
                    stack.append((name, element))
                }
            case .null:
                body(name ?? [], nil)
            default:
                body(name ?? [], value)
            }
        }
    }

    private static func child(_ name: [UInt8]?, _ key: String) -> [UInt8] {
        guard var name else { return Array(key.utf8) }
        name.append(UInt8(ascii: "["))
        name.append(contentsOf: key.utf8)
        name.append(UInt8(ascii: "]"))
        return name
    }

    private func arrayElementName(_ name: [UInt8]?, index: Int) -> [UInt8]? {
        switch configuration.arrayStyle {
        case .noBrackets:
            return name
        case .brackets:
            return (name ?? Array("(null)".utf8)) + Array("[]".utf8)
        case .indexInBrackets:
            return (name ?? Array("(null)".utf8)) + Array("[\(index)]".utf8)
        }
    }

    /// Set elements sorted as AFNetworking sorts them: by description, with `compare:`.
    private static func sortedSetElements(_ elements: [QueryValue]) -> [QueryValue] {
        func sortText(_ value: QueryValue) -> String? {
            switch value {
            case .null: "<null>"
            default: value.leafText(boolStyle: .numeric)
            }
        }
        return elements.enumerated().sorted { lhs, rhs in
            switch (sortText(lhs.element), sortText(rhs.element)) {
            case let (left?, right?):
                if UTF16Order.precedes(left, right) { return true }
                if UTF16Order.precedes(right, left) { return false }
                return lhs.offset < rhs.offset
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

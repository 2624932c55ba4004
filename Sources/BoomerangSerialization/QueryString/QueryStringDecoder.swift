/// Reads a query string or urlencoded body: the reverse of ``QueryStringEncoder``.
///
/// Two views of the same input:
/// - ``pairs(_:)-(Bytes)``: the ordered, lossless list of pairs. Duplicates are kept; a bare `key`
///   gives a `nil` value (AFNetworking's encoding of `NSNull`), `key=` gives an empty string.
/// - ``decode(_:)-(Bytes)``: the nested tree rebuilt from bracket syntax, as `qs` does:
///   `a[b][]=1&a[c]=2` is `["a": ["b": ["1"], "c": "2"]]`, `a[0]=x` is an array, and a repeated
///   plain key becomes an array (`s=a&s=b`, the encoding of a set).
///
/// Splitting: `&` is the only separator (`a=1;b=2` is one pair, `a` = `1;b=2`); empty segments
/// (`&&`) are skipped; a pair splits at its first `=` (`a==b` is `a` = `=b`, `=b` is `""` = `b`).
/// Names and values are then percent-decoded with ``PercentDecoder`` (``percentMode``, `+` as a
/// space only when ``decodesPlusAsSpace`` is set, since AFNetworking never writes `+` for a space)
/// and read as UTF-8.
///
/// Tree rules, after the key is percent-decoded (so `a%5Bb%5D` is `a[b]`):
/// - the key is `parent[s1][s2]…`; `[]` appends, a decimal `[i]` with `i` ≤
///   ``QueryStringDecoderConfiguration/maxArrayIndex`` addresses an array element (sparse indices are compacted in order),
///   a larger index or any other text is a dictionary key;
/// - at most ``QueryStringDecoderConfiguration/maxDepth`` bracket segments are read; the rest of the key, from the next
///   `[`, is one literal dictionary key (`a[b][c][d][e][f][g]` with depth 5 gives the key `[g]`
///   under `f`), as is text after a closing bracket that does not start a new segment;
/// - a named segment on an existing array turns it into a dictionary keyed by the indices;
/// - a value for a key that already holds a value turns it into an array (`s=a&s=b`); a value for
///   a key that holds a dictionary goes into it under the next free index key (`"0"`, `"1"`, …);
/// - an intermediate `[]` starts a new element each time (`k[][a]=1&k[][b]=2` is `[{a},{b}]`);
/// - a pair whose path cannot fit what earlier pairs built (`a=1&a[b]=2`) is stored under its whole
///   decoded key at the top level (`"a[b]": "2"`).
///
/// Decoding runs in time linear in the input and never recurses deeper than the depth limit allows.
public struct QueryStringDecoder: Sendable, Hashable {
    /// The limits.
    public var configuration: QueryStringDecoderConfiguration
    /// Whether `+` decodes to a space (forms, werkzeug); off by default.
    public var decodesPlusAsSpace: Bool
    /// Strict (malformed escapes and invalid UTF-8 throw, the default) or lenient (kept literally,
    /// replaced by U+FFFD).
    public var percentMode: PercentDecoder.Mode

    /// Creates a decoder.
    public init(
        configuration: QueryStringDecoderConfiguration = QueryStringDecoderConfiguration(),
        decodesPlusAsSpace: Bool = false,
        percentMode: PercentDecoder.Mode = .strict
    ) {
        self.configuration = configuration
        self.decodesPlusAsSpace = decodesPlusAsSpace
        self.percentMode = percentMode
    }

    /// The pairs of `input` in order, names and values decoded; a bare key has a `nil` value and
    /// every other value is a ``QueryValue/string(_:)``.
    ///
    /// - Throws: ``QueryStringError`` for a limit or, in strict mode, a malformed escape or invalid UTF-8.
    public func pairs<Bytes: Sequence<UInt8>>(_ input: Bytes) throws(QueryStringError) -> [QueryStringPair] {
        var result: [QueryStringPair] = []
        try forEachPair(input) { name, value in
            result.append(QueryStringPair(name: name, value: value.map(QueryValue.string)))
        }
        return result
    }

    /// The pairs of `input`'s UTF-8 bytes; see ``pairs(_:)-(Bytes)``.
    public func pairs(_ input: String) throws(QueryStringError) -> [QueryStringPair] {
        try pairs(input.utf8)
    }

    /// The tree rebuilt from `input`'s bracket syntax; leaves are strings or ``QueryValue/null``.
    ///
    /// - Throws: as ``pairs(_:)-(Bytes)``.
    public func decode<Bytes: Sequence<UInt8>>(_ input: Bytes) throws(QueryStringError) -> [String: QueryValue] {
        let builder = QueryTreeBuilder(configuration: configuration)
        try forEachPair(input) { name, value in
            builder.insert(key: name, value: value.map(QueryValue.string) ?? .null)
        }
        return builder.result()
    }

    /// The tree rebuilt from `input`'s UTF-8 bytes; see ``decode(_:)-(Bytes)``.
    public func decode(_ input: String) throws(QueryStringError) -> [String: QueryValue] {
        try decode(input.utf8)
    }

    private func forEachPair<Bytes: Sequence<UInt8>>(
        _ input: Bytes,
        _ body: (String, String?) -> Void
    ) throws(QueryStringError) {
        let result: Result<Void, QueryStringError>? = input.withContiguousStorageIfAvailable { buffer in
            Result { () throws(QueryStringError) in try forEachPair(buffer, body) }
        }
        if let result {
            try result.get()
        } else {
            let copy = Array(input)
            try copy.withUnsafeBufferPointer { (buffer) throws(QueryStringError) in try forEachPair(buffer, body) }
        }
    }

    private func forEachPair(_ input: UnsafeBufferPointer<UInt8>, _ body: (String, String?) -> Void) throws(QueryStringError) {
        let decoder = PercentDecoder(mode: percentMode, decodesPlusAsSpace: decodesPlusAsSpace)
        var count = 0
        var start = 0
        let end = input.count
        while start <= end {
            var stop = start
            var equals = -1
            while stop < end, input[stop] != UInt8(ascii: "&") {
                if equals < 0, input[stop] == UInt8(ascii: "=") { equals = stop }
                stop += 1
            }
            defer { start = stop + 1 }
            if stop == start { continue }
            count += 1
            if count > configuration.maxPairCount {
                throw QueryStringError(code: .tooManyPairs, value: Self.excerpt(input, start..<stop), offset: start)
            }
            let keyEnd = equals < 0 ? stop : equals
            if keyEnd - start > configuration.maxKeyBytes {
                throw QueryStringError(code: .keyTooLong, value: Self.excerpt(input, start..<keyEnd), offset: start)
            }
            let name = try decodeText(decoder, input, start..<keyEnd)
            let value = equals < 0 ? nil : try decodeText(decoder, input, (equals + 1)..<stop)
            body(name, value)
        }
    }

    private func decodeText(
        _ decoder: PercentDecoder,
        _ input: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) throws(QueryStringError) -> String {
        do {
            return try decoder.decodeString(UnsafeBufferPointer(rebasing: input[range]))
        } catch {
            let code: QueryStringError.Code = error.code == .invalidUTF8 ? .invalidUTF8 : .malformedEscape
            throw QueryStringError(code: code, value: error.value, offset: range.lowerBound + error.offset)
        }
    }

    private static func excerpt(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let cut = range.lowerBound..<min(range.upperBound, range.lowerBound + 64)
        return String(decoding: UnsafeBufferPointer(rebasing: input[cut]), as: UTF8.self)
    }
}

import Testing

@testable import BoomerangSerialization

@Suite struct QueryStringDecoderTests {
    static let pairCases: [(String, [QueryStringPair])] = [
        ("", []),
        ("a=1&b=2", [.init(name: "a", value: "1"), .init(name: "b", value: "2")]),
        ("a=1&a=2", [.init(name: "a", value: "1"), .init(name: "a", value: "2")]),
        ("a&b=", [.init(name: "a", value: nil), .init(name: "b", value: "")]),
        ("&&&", []),
        ("=", [.init(name: "", value: "")]),
        ("=b", [.init(name: "", value: "b")]),
        ("a==b", [.init(name: "a", value: "=b")]),
        ("a=b=c", [.init(name: "a", value: "b=c")]),
        ("a=1;b=2", [.init(name: "a", value: "1;b=2")]),
        ("a%5Bb%5D%5B%5D=%C3%A4%20x", [.init(name: "a[b][]", value: "ä x")]),
        ("a+b=c+d", [.init(name: "a+b", value: "c+d")]),
        ("__proto__[x]=1&constructor[prototype][x]=1", [.init(name: "__proto__[x]", value: "1"), .init(name: "constructor[prototype][x]", value: "1")]),
        ("%00=%0d%0a", [.init(name: "\u{0}", value: "\r\n")]),
    ]

    @Test("Raw pairs", arguments: pairCases)
    func decodesPairs(input: String, expected: [QueryStringPair]) throws {
        #expect(try QueryStringDecoder().pairs(input) == expected)
    }

    @Test func plusIsSpaceOnlyWhenAsked() throws {
        #expect(try QueryStringDecoder(decodesPlusAsSpace: true).pairs("a+b=c+d%2B") == [.init(name: "a b", value: "c d+")])
    }

    static let treeCases: [(String, [String: QueryValue])] = [
        ("a[b][]=1&a[c]=2", ["a": ["b": ["1"], "c": "2"]]),
        ("a%5Bb%5D%5B%5D=1&a%5Bb%5D%5B%5D=2", ["a": ["b": ["1", "2"]]]),
        ("a[0]=x&a[1]=y", ["a": ["x", "y"]]),
        ("a[1]=y&a[0]=x", ["a": ["x", "y"]]),
        ("a[5]=x&a[2]=y", ["a": ["y", "x"]]),
        ("s=a&s=b", ["s": ["a", "b"]]),
        ("s=a", ["s": "a"]),
        ("n&e=", ["n": nil, "e": ""]),
        ("a[]&a[]=", ["a": [nil, ""]]),
        ("a[21]=x", ["a": ["21": "x"]]),
        ("a[20]=x", ["a": ["x"]]),
        ("a[0]=x&a[k]=y", ["a": ["0": "x", "k": "y"]]),
        ("a[][b]=1&a[][c]=2", ["a": [["b": "1"], ["c": "2"]]]),
        ("a[][]=1&a[][]=2", ["a": [["1"], ["2"]]]),
        ("a=1&a[b]=2", ["a": "1", "a[b]": "2"]),
        ("a[b]=1&a=2", ["a": ["b": "1", "0": "2"]]),
        ("a[b]=1&a[]=2", ["a": ["b": "1"], "a[]": "2"]),
        ("a[b]x=1", ["a": ["b": ["x": "1"]]]),
        ("a[b=1", ["a": ["[b": "1"]]),
        ("[a]=1", ["": ["a": "1"]]),
        ("=v", ["": "v"]),
        ("a[01]=x", ["a": ["01": "x"]]),
        ("a[b][c][d][e][f][g][h]=1", ["a": ["b": ["c": ["d": ["e": ["f": ["[g][h]": "1"]]]]]]]),
        ("__proto__[x]=1", ["__proto__": ["x": "1"]]),
    ]

    @Test("Tree from bracket syntax", arguments: treeCases)
    func decodesTree(input: String, expected: [String: QueryValue]) throws {
        #expect(try QueryStringDecoder().decode(input) == expected)
    }

    @Test func strictModeReportsEscapeOffsetInWholeInput() {
        #expect(throws: QueryStringError(code: .malformedEscape, value: "%G1", offset: 7)) {
            try QueryStringDecoder().pairs("a=1&b=x%G1")
        }
        #expect(throws: QueryStringError(code: .malformedEscape, value: "%", offset: 4)) {
            try QueryStringDecoder().decode("a=1&%=2")
        }
        #expect(throws: QueryStringError(code: .invalidUTF8, value: "%FF", offset: 6)) {
            try QueryStringDecoder().pairs("ok=1&v%FF=1")
        }
    }

    @Test func lenientModeKeepsMalformedEscapes() throws {
        let decoder = QueryStringDecoder(percentMode: .lenient)
        #expect(try decoder.pairs("a=%&b=%1&c=%zz&d=%ff") == [
            .init(name: "a", value: "%"), .init(name: "b", value: "%1"), .init(name: "c", value: "%zz"),
            .init(name: "d", value: "\u{FFFD}"),
        ])
    }

    // Robustness spec §3.6.

    @Test func q01StopsAtThePairLimit() throws {
        let input = Array(repeating: "a=1", count: 100_000).joined(separator: "&")
        #expect(throws: QueryStringError(code: .tooManyPairs, value: "a=1", offset: 4000)) {
            try QueryStringDecoder().pairs(input)
        }
        #expect(throws: QueryStringError(code: .tooManyPairs, value: "a=1", offset: 4000)) {
            try QueryStringDecoder().decode(input)
        }
        let atLimit = Array(repeating: "a=1", count: 1000).joined(separator: "&")
        #expect(try QueryStringDecoder().pairs(atLimit).count == 1000)
    }

    @Test func q02KeepsDeepRemainderAsLiteralKey() throws {
        let key = "a" + String(repeating: "[b]", count: 10_000)
        let tree = try QueryStringDecoder(configuration: .init(maxKeyBytes: 40_000)).decode(key + "=1")
        var node = tree["a"]
        for _ in 0..<5 {
            guard case .dictionary(let children) = node else { Issue.record("not a dictionary"); return }
            node = children["b"]
        }
        #expect(node == .dictionary([String(repeating: "[b]", count: 9_995): "1"]))
    }

    @Test func q02RejectsOverlongKeyByDefault() {
        let key = "a" + String(repeating: "[b]", count: 10_000)
        #expect(throws: QueryStringError(code: .keyTooLong, value: String(key.prefix(64)), offset: 0)) {
            try QueryStringDecoder().decode(key + "=1")
        }
    }

    @Test func keyLimitCountsRawBytes() throws {
        let key = String(repeating: "k", count: 1024)
        #expect(try QueryStringDecoder().pairs(key + "=1").count == 1)
        #expect(throws: QueryStringError(code: .keyTooLong, value: String(repeating: "k", count: 64), offset: 2)) {
            try QueryStringDecoder().pairs("x&" + key + "k=1")
        }
    }

    @Test func q03LargeIndexBecomesKeyWithoutSparseArray() throws {
        #expect(try QueryStringDecoder().decode("a[999999999]=x") == ["a": ["999999999": "x"]])
        let appends = Array(repeating: "a[]=x", count: 1000).joined(separator: "&")
        #expect(try QueryStringDecoder().decode(appends) == ["a": .array(Array(repeating: "x", count: 1000))])
    }

    @Test func q04PrototypeNamesArePlainKeys() throws {
        #expect(
            try QueryStringDecoder().decode("__proto__[x]=1&constructor[prototype][x]=1")
                == ["__proto__": ["x": "1"], "constructor": ["prototype": ["x": "1"]]]
        )
    }

    @Test(
        arguments: [
            ("v=%00", QueryValue.string("\u{0}")),
            ("v=%0d%0a", .string("\r\n")),
            ("v=%25%25", .string("%%")),
        ]
    )
    func q05DecodesControlBytes(input: String, expected: QueryValue) throws {
        #expect(try QueryStringDecoder().decode(input) == ["v": expected])
    }

    @Test(
        arguments: [
            ("v=%", QueryStringError(code: .malformedEscape, value: "%", offset: 2)),
            ("v=%1", QueryStringError(code: .malformedEscape, value: "%1", offset: 2)),
            ("v=%zz", QueryStringError(code: .malformedEscape, value: "%zz", offset: 2)),
            ("v=%%", QueryStringError(code: .malformedEscape, value: "%%", offset: 2)),
            ("v=%c0%ae", QueryStringError(code: .invalidUTF8, value: "%C0", offset: 2)),
            ("v=%ff", QueryStringError(code: .invalidUTF8, value: "%FF", offset: 2)),
        ]
    )
    func q05FlagsMalformedInput(input: String, error: QueryStringError) {
        #expect(throws: error) { try QueryStringDecoder().decode(input) }
    }

    @Test func q06PlusAndEncodedPlus() throws {
        #expect(try QueryStringDecoder().decode("a=b+c%2B&d=e%20f") == ["a": "b+c+", "d": "e f"])
        #expect(try QueryStringDecoder(decodesPlusAsSpace: true).decode("a=b+c%2B") == ["a": "b c+"])
    }

    @Test(
        arguments: [
            ("&&&", [String: QueryValue]()),
            ("=", ["": ""]),
            ("a", ["a": nil]),
            ("=b", ["": "b"]),
            ("a==b", ["a": "=b"]),
            ("a=b=c", ["a": "b=c"]),
        ]
    )
    func q07DefinedResultsForOddPairs(input: String, expected: [String: QueryValue]) throws {
        #expect(try QueryStringDecoder().decode(input) == expected)
    }

    @Test func q08SemicolonIsNotASeparator() throws {
        #expect(try QueryStringDecoder().decode("a=1;b=2") == ["a": "1;b=2"])
    }

    @Test func q09ManyDistinctKeys() throws {
        let decoder = QueryStringDecoder(configuration: .init(maxPairCount: 10_000))
        let input = (0..<10_000).map { "Aa\($0)BB=\($0)" }.joined(separator: "&")
        let tree = try decoder.decode(input)
        #expect(tree.count == 10_000)
        #expect(tree["Aa9999BB"] == "9999")
    }

    @Test func q10AllEscapeURIDecodesToShorterOutput() throws {
        let value = String(repeating: "%41", count: 8192 / 3)
        let pairs = try QueryStringDecoder().pairs("v=" + value)
        #expect(pairs == [.init(name: "v", value: .string(String(repeating: "A", count: 8192 / 3)))])
    }
}

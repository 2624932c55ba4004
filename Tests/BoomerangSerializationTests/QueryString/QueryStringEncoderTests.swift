import Testing

@testable import BoomerangSerialization

@Suite struct QueryStringEncoderTests {
    static let afCases: [(QueryValue, String)] = [
        (["key": "value", "key1": "value&"], "key=value&key1=value%26"),
        (["key": " :#[]@!$&'()*+,;=/?"], "key=%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"),
        (
            ["key": "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F"],
            "key=%2520%2521%2522%2523%2524%2525%2526%2527%2528%2529%252A%252B%252C%252F"
        ),
        (["a": 1, "b": 2, "c": 3], "a=1&b=2&c=3"),
        ([:], ""),
        (["B": 1, "Z": 2, "_": 3, "a": 4], "B=1&Z=2&_=3&a=4"),
        (["9": "x", "10": "y"], "10=y&9=x"),
        (["a": ["b": ["c", "d"]]], "a%5Bb%5D%5B%5D=c&a%5Bb%5D%5B%5D=d"),
        (["a": ["z": 1, "b": ["y": 2, "x": 3]]], "a%5Bb%5D%5Bx%5D=3&a%5Bb%5D%5By%5D=2&a%5Bz%5D=1"),
        (["arr": ["2", "1", "3"]], "arr%5B%5D=2&arr%5B%5D=1&arr%5B%5D=3"),
        (["s": .set(["b", "c", "a"])], "s=a&s=b&s=c"),
        (["s": .set([10, 9])], "s=10&s=9"),
        (["n": nil, "e": ""], "e=&n"),
        (["a": [], "b": [:], "c": .set([]), "d": "x"], "d=x"),
        (["t": true, "f": false], "f=0&t=1"),
        (["d": 1.0, "h": 1.5, "m": -0.25, "z": -0.0], "d=1&h=1.5&m=-0.25&z=-0"),
        (["i": 42, "n": -7], "i=42&n=-7"),
        (["data": .data(Array("data".utf8))], "data=ZGF0YQ%3D%3D"),
        (["ä": "ö"], "%C3%A4=%C3%B6"),
        (["a b": "c d"], "a%20b=c%20d"),
        (["url": "http://x.test/a?b=c"], "url=http%3A//x.test/a?b%3Dc"),
        (["a": [["b": 1], ["c": 2]]], "a%5B%5D%5Bb%5D=1&a%5B%5D%5Bc%5D=2"),
        (["a": [[1, 2]]], "a%5B%5D%5B%5D=1&a%5B%5D%5B%5D=2"),
        (["a": [nil, ""]], "a%5B%5D&a%5B%5D="),
        ("ABCD", "=ABCD"),
        (nil, ""),
        (["x", "y"], "%28null%29%5B%5D=x&%28null%29%5B%5D=y"),
        (.set(["b", "a"]), "=a&=b"),
    ]

    @Test("AFNetworking query strings", arguments: afCases)
    func encodesLikeAFNetworking(value: QueryValue, expected: String) {
        #expect(QueryStringEncoder().encode(value) == expected)
    }

    @Test func sortsKeysByUTF16CodeUnits() {
        // U+FF21 (one UTF-16 unit) sorts before U+1F600 (a surrogate pair starting 0xD83D) by UTF-16,
        // but after it by scalar value.
        let value: QueryValue = ["\u{FF21}": 1, "\u{1F600}": 2]
        #expect(QueryStringEncoder().encode(value) == "%F0%9F%98%80=2&%EF%BC%A1=1")
    }

    static let alamofireCases: [(QueryStringConfiguration, QueryValue, String)] = [
        (.init(arrayStyle: .brackets), ["foo": ["a", 1, true]], "foo%5B%5D=a&foo%5B%5D=1&foo%5B%5D=1"),
        (.init(arrayStyle: .noBrackets), ["foo": ["a", 1, true]], "foo=a&foo=1&foo=1"),
        (.init(arrayStyle: .indexInBrackets), ["foo": ["a", 1, true]], "foo%5B0%5D=a&foo%5B1%5D=1&foo%5B2%5D=1"),
        (.init(boolStyle: .literal), ["t": true, "f": false], "f=false&t=true"),
        (.init(spaceStyle: .plus), ["a b": "c d+e"], "a+b=c+d%2Be"),
        (.init(arrayStyle: .indexInBrackets), ["x", "y"], "%28null%29%5B0%5D=x&%28null%29%5B1%5D=y"),
        (.init(arrayStyle: .noBrackets), ["x", "y"], "=x&=y"),
    ]

    @Test("Alamofire options", arguments: alamofireCases)
    func encodesAlamofireOptions(configuration: QueryStringConfiguration, value: QueryValue, expected: String) {
        #expect(QueryStringEncoder(configuration: configuration).encode(value) == expected)
    }

    @Test func indexInBracketsKeepsArrayOrderPastNine() {
        let value: QueryValue = ["a": .array((0..<12).map { .int($0) })]
        let expected = (0..<12).map { "a%5B\($0)%5D=\($0)" }.joined(separator: "&")
        #expect(QueryStringEncoder(configuration: .init(arrayStyle: .indexInBrackets)).encode(value) == expected)
    }

    @Test func buildsPairsWithRawNames() {
        let value: QueryValue = ["a": ["b": [1, nil]], "c d": "e&f", "s": .set(["y", "x"]), "z": .data([1])]
        #expect(
            QueryStringEncoder().pairs(value) == [
                QueryStringPair(name: "a[b][]", value: 1),
                QueryStringPair(name: "a[b][]", value: nil),
                QueryStringPair(name: "c d", value: "e&f"),
                QueryStringPair(name: "s", value: "x"),
                QueryStringPair(name: "s", value: "y"),
                QueryStringPair(name: "z", value: .data([1])),
            ]
        )
    }

    @Test func rendersPairs() {
        let pairs = [QueryStringPair(name: "a[]", value: true), QueryStringPair(name: "b", value: nil)]
        #expect(QueryStringEncoder().encode(pairs: pairs) == "a%5B%5D=1&b")
    }

    @Test(
        arguments: [
            (1.0, "1"), (1.5, "1.5"), (0.1, "0.1"), (-0.0, "-0"), (1e16, "1e+16"), (1e-7, "1e-07"),
            (123456789.123, "123456789.123"), (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
        ]
    )
    func formatsDoublesAsDarwinDoes(number: Double, expected: String) {
        #expect(QueryValue.format(number) == expected)
    }

    @Test func base64EncodesData() {
        let cases: [([UInt8], String)] = [([], ""), ([0x66], "Zg=="), ([0x66, 0x6F], "Zm8="), ([0x66, 0x6F, 0x6F], "Zm9v"), ([0xFF, 0xFE, 0xFD, 0xFC], "//79/A==")]
        for (bytes, expected) in cases {
            #expect(QueryValue.data(bytes).leafText == expected)
        }
    }

    @Test func encodesDeepTreesWithoutRecursion() {
        var value: QueryValue = "x"
        for _ in 0..<10_000 {
            value = ["k": value]
        }
        let output = QueryStringEncoder().encodedBytes(value)
        #expect(output.count == 1 + 9_999 * 7 + 2)
    }
}

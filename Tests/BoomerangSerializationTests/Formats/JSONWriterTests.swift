import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

@Suite struct JSONWriterTests {
    private func compact(_ value: StructuredValue, configuration: JSONWriterConfiguration = .compact) throws -> String {
        String(decoding: try JSONWriter(configuration: configuration).write(value), as: UTF8.self)
    }

    @Test(arguments: [
        (StructuredValue.null, "null"),
        (true, "true"),
        (false, "false"),
        (0, "0"),
        (-42, "-42"),
        (.int(Int64.min), "-9223372036854775808"),
        (.int(Int64.max), "9223372036854775807"),
        (1.0, "1.0"),
        (-0.0, "-0.0"),
        (0.1, "0.1"),
        (1.5e300, "1.5e+300"),
        (1e-7, "1e-07"),
        (1e16, "1e+16"),
        (1e15, "1000000000000000.0"),
        (.double(0.1 + 0.2), "0.30000000000000004"),
        (.double(.nan), "null"),
        (.double(.infinity), "null"),
        (.double(-.infinity), "null"),
        ("", "\"\""),
        ("a/b", "\"a/b\""),
        ("q\"b\\s", #""q\"b\\s""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f\#u{7F}""#),
        ("é€😀", "\"é€😀\""),
        ("abcdefgh\"", #""abcdefgh\"""#),
        ("abcdefghijklmno\n", #""abcdefghijklmno\n""#),
        ("abcdefg\u{1}ijklmnopq", #""abcdefg\u0001ijklmnopq""#),
        ([], "[]"),
        ([:], "{}"),
        ([1, "x", nil, [true]], #"[1,"x",null,[true]]"#),
        (["b": 1, "a": ["z": [], "y": [:]]], #"{"b":1,"a":{"z":[],"y":{}}}"#),
        (.data([0, 1, 2, 253, 254, 255]), #""AAEC/f7/""#),
        (.data([]), #""""#),
        (.data([0x66]), #""Zg==""#),
        (.data([0x66, 0x6F]), #""Zm8=""#),
        (.date(Date(timeIntervalSinceReferenceDate: 0)), #""2001-01-01T00:00:00Z""#),
        (.date(Date(timeIntervalSince1970: 0)), #""1970-01-01T00:00:00Z""#),
        (.date(Date(timeIntervalSince1970: 951_782_400.9)), #""2000-02-29T00:00:00Z""#),
        (.date(Date(timeIntervalSince1970: -0.5)), #""1969-12-31T23:59:59Z""#),
    ] as [(StructuredValue, String)])
    func writesCompact(value: StructuredValue, expected: String) throws {
        #expect(try compact(value) == expected)
    }

    @Test func prettyMatchesHttpbinLayout() throws {
        let value: StructuredValue = [
            "args": [:],
            "headers": ["Accept": "*/*", "Host": "localhost"],
            "json": nil,
            "list": [1, [], 2.5],
            "origin": "127.0.0.1",
        ]
        let expected = """
            {
              "args": {},
              "headers": {
                "Accept": "*/*",
                "Host": "localhost"
              },
              "json": null,
              "list": [
                1,
                [],
                2.5
              ],
              "origin": "127.0.0.1"
            }

            """
        #expect(try compact(value, configuration: .pretty) == expected)
    }

    @Test func prettyScalarRootHasOnlyTheNewline() throws {
        #expect(try compact("x", configuration: .pretty) == "\"x\"\n")
    }

    @Test func escapesNonASCIILikePythonEnsureASCII() throws {
        let configuration = JSONWriterConfiguration(escapeNonASCII: true)
        #expect(try compact("aé€😀\u{10FFFF}\n", configuration: configuration) == #""a\u00e9\u20ac\ud83d\ude00\udbff\udfff\n""#)
        #expect(try compact(["ключ": 1], configuration: configuration) == #"{"\u043a\u043b\u044e\u0447":1}"#)
    }

    @Test func writesDataURLs() throws {
        let configuration = JSONWriterConfiguration(dataEncoding: .dataURL(mediaType: "application/octet-stream"))
        #expect(try compact(.data([1, 2, 3]), configuration: configuration) == #""data:application/octet-stream;base64,AQID""#)
    }

    @Test func appendsToExistingOutput() throws {
        var output = Array("prefix:".utf8)
        try JSONWriter().write([1, 2], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "prefix:[1,2]")
    }

    @Test func refusesTreesDeeperThanTheLimit() throws {
        var value: StructuredValue = 1
        for _ in 0..<5 { value = [value] }
        let writer = JSONWriter(configuration: JSONWriterConfiguration(maxDepth: 4))
        #expect(throws: FormatWriterError(code: .depthLimitExceeded, depth: 5)) { try writer.write(value) }
        #expect(try JSONWriter(configuration: JSONWriterConfiguration(maxDepth: 5)).write(value) == Array("[[[[[1]]]]]".utf8))
    }

    @Test func foundationReadsWhatItWrites() throws {
        let value: StructuredValue = ["s": "a\"\\/\u{1}é😀", "n": -12, "d": 0.25, "b": true, "z": nil, "a": [1, "2"]]
        let bytes = try JSONWriter().write(value)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(object?["s"] as? String == "a\"\\/\u{1}é😀")
        #expect((object?["n"] as? NSNumber)?.int64Value == -12)
        #expect((object?["d"] as? NSNumber)?.doubleValue == 0.25)
        #expect(object?["z"] is NSNull)
        #expect((object?["a"] as? [Any])?.count == 2)
    }

    @Test(arguments: 0..<200)
    func parserReadsBackRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let value = StructuredValue.random(using: &generator, depth: 5, leaves: .json)
        for configuration in [JSONWriterConfiguration.compact, .pretty, JSONWriterConfiguration(escapeNonASCII: true)] {
            let bytes = try JSONWriter(configuration: configuration).write(value)
            let parsed = try JSONParser().parse(bytes)
            #expect(parsed == Self.jsonNormalized(value), "seed \(seed)")
        }
    }

    /// What JSON carries: integral doubles stay doubles (written `1.0`), -0.0 stays -0.0.
    static func jsonNormalized(_ value: StructuredValue) -> StructuredValue {
        switch value {
        case .double(let number) where !number.isFinite: return .null
        case .array(let elements): return .array(elements.map(jsonNormalized))
        case .object(let object): return .object(StructuredObject(object.entries.map { ($0.key, jsonNormalized($0.value)) }))
        default: return value
        }
    }
}

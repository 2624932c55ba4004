import BoomerangSamples
import BoomerangSerialization
import Testing

/// `validate` must accept exactly what `parse` accepts and throw the same error (code, excerpt,
/// offset) for everything else.
@Suite struct JSONParserValidationTests {
    private static let documents = [
        "null", " true ", "0", "-0.0", "-9223372036854775808", "9223372036854775808", "2.5E+3", "1e-400",
        #""""#, #""a/b\/c""#, #""\"\\\b\f\n\r\t""#, #""\u0000\u00e9\u20AC""#, #""\ud83d\ude00 x""#, "\"é😀\u{7F}\"",
        "[]", "{}", #"[1, "a" ,[ ], {"k" : null}]"#, #"{"b":1,"a":2,"c":{"d":[true]}}"#, #"{"a":1,"a":2}"#,
        "", "   ", "x", "[1,]", "[1 2]", "[1", "{\"a\" 1}", "{\"a\":1,}", "{'a':1}", "{\"a\":1", "tru", "trUe",
        "NaN", "\"abc", "[\"a\\n", "\"a\\", "\"a\nb\"", "\"\\x\"", "\"\\u12G4\"", "\"\\ud800\"", "\"\\ud800\\u0041\"",
        "\"\\udc00\"", "01", "-", "-a", "1.", "[1.e5]", "1e", "1e+", "+1", ".5", "1e999999", "[-1e309]", "[1]x",
        "1 2", "{} {}", "\u{FEFF}[1]", "{1:2}", "[1,,2]", "{\"a\":}", "{\"a\"", "{\"a\":1 \"b\":2}", "[}", "{]",
        "{\"a\":[1,{\"b\":\"\\u00\"}]}", "[\"\\uD83D\\uDE00\", \"\\uDE00\"]",
    ]

    @Test(arguments: documents)
    func agreesWithParse(text: String) {
        Self.expectSameVerdict(Array(text.utf8), JSONParser())
    }

    @Test func agreesWithParseOnBrokenUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82]] {
            Self.expectSameVerdict(bytes, JSONParser())
        }
    }

    @Test func agreesWithParseOnLimits() {
        Self.expectSameVerdict(Array("[[[{\"a\":1}]]]".utf8), JSONParser(configuration: .init(maxDepth: 3)))
        Self.expectSameVerdict(Array("[[[1]]]".utf8), JSONParser(configuration: .init(maxDepth: 3)))
        Self.expectSameVerdict(Array("[123]".utf8), JSONParser(configuration: .init(maxInputBytes: 4)))
        Self.expectSameVerdict(Array("[123456]".utf8), JSONParser(configuration: .init(maxNumberBytes: 5)))
        Self.expectSameVerdict(Array("\u{FEFF}[1]".utf8), JSONParser(configuration: .init(byteOrderMark: .skip)))
        Self.expectSameVerdict(Array(String(repeating: "[", count: 100_000).utf8), JSONParser())
    }

    /// Every cut and every single-byte change of written documents: the two must agree on each.
    @Test func agreesWithParseOnMutationsOfWrittenDocuments() throws {
        var generator = SplitMix64(seed: 2026_11_28)
        let alphabet: [UInt8] = Array("{}[],:\"\\ -+.eE0123456789tfnulrsa\u{1}\t".utf8) + [0xC3, 0xA9, 0xFF]
        var disagreements = 0
        for _ in 0..<60 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let text = try JSONWriter(configuration: .compact).write(value)
            try JSONParser().validate(text)
            for cut in 0..<text.count where !Self.sameVerdict(Array(text[..<cut]), JSONParser()) { disagreements += 1 }
            for _ in 0..<40 {
                var mutated = text
                let index = Int(generator.next() % UInt64(mutated.count))
                mutated[index] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                if !Self.sameVerdict(mutated, JSONParser()) { disagreements += 1 }
            }
        }
        #expect(disagreements == 0)
    }

    private static func verdict(_ bytes: [UInt8], _ parser: JSONParser, validating: Bool) -> JSONParseError? {
        do {
            if validating { try parser.validate(bytes) } else { _ = try parser.parse(bytes) }
            return nil
        } catch {
            return error
        }
    }

    private static func sameVerdict(_ bytes: [UInt8], _ parser: JSONParser) -> Bool {
        verdict(bytes, parser, validating: true) == verdict(bytes, parser, validating: false)
    }

    private static func expectSameVerdict(_ bytes: [UInt8], _ parser: JSONParser, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            verdict(bytes, parser, validating: true) == verdict(bytes, parser, validating: false),
            "\(String(decoding: bytes.prefix(40), as: UTF8.self))", sourceLocation: sourceLocation)
    }

    private static func randomValue(depth: Int, using generator: inout SplitMix64) -> StructuredValue {
        switch generator.next() % (depth < 4 ? 8 : 5) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .int(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 63))
        case 3: return .double(Double(Int64(bitPattern: generator.next() % 100_000)) / 64)
        case 4: return .string(["", "a", "é😀", "tab\tq\"uote\\", "\u{1}\u{7F}", "line\nend"][Int(generator.next() % 6)])
        case 5, 6:
            var object = StructuredObject()
            for index in 0..<Int(generator.next() % 4) {
                object.append(randomValue(depth: depth + 1, using: &generator), forKey: "k\(index)")
            }
            return .object(object)
        default:
            return .array((0..<Int(generator.next() % 4)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        }
    }
}

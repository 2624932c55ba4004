import BoomerangSerialization
import Foundation
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String, _ configuration: JSONParserConfiguration = .init()) throws(JSONParseError) -> StructuredValue {
        try JSONParser(configuration: configuration).parse(Array(text.utf8))
    }

    @Test(arguments: [
        ("null", StructuredValue.null),
        (" true ", true),
        ("\t\r\nfalse", false),
        ("0", 0),
        ("-0", 0),
        ("-0.0", -0.0),
        ("42", 42),
        ("-9223372036854775808", .int(Int64.min)),
        ("9223372036854775807", .int(Int64.max)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808.0)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
        ("1.5", 1.5),
        ("1E2", 100.0),
        ("1e-2", 0.01),
        ("2.5E+3", 2500.0),
        ("1e-400", 0.0),
        (#""""#, ""),
        (#""a/b\/c""#, "a/b/c"),
        (#""\"\\\b\f\n\r\t""#, "\"\\\u{8}\u{C}\n\r\t"),
        (#""\u0000\u00e9\u20AC""#, "\u{0}é€"),
        (#""\ud83d\ude00 x""#, "😀 x"),
        ("\"é😀\u{7F}\"", "é😀\u{7F}"),
        ("[]", []),
        ("{}", [:]),
        (#"[1, "a" ,[ ], {"k" : null}]"#, [1, "a", [], ["k": nil]]),
        (#"{"b":1,"a":2,"c":{"d":[true]}}"#, ["b": 1, "a": 2, "c": ["d": [true]]]),
    ] as [(String, StructuredValue)])
    func parsesValidDocuments(text: String, expected: StructuredValue) throws {
        let value = try parse(text)
        #expect(value == expected)
        if case .double(let expectedNumber) = expected, case .double(let number) = value {
            #expect(number.sign == expectedNumber.sign)
        }
    }

    @Test(arguments: [
        ("", JSONParseError(code: .unexpectedEnd, value: "", offset: 0)),
        ("   ", JSONParseError(code: .unexpectedEnd, value: "", offset: 3)),
        ("x", JSONParseError(code: .unexpectedByte, value: "x", offset: 0)),
        ("[1,]", JSONParseError(code: .unexpectedByte, value: "]", offset: 3)),
        ("[1 2]", JSONParseError(code: .unexpectedByte, value: "2]", offset: 3)),
        ("[1", JSONParseError(code: .unexpectedEnd, value: "", offset: 2)),
        ("{\"a\" 1}", JSONParseError(code: .unexpectedByte, value: "1}", offset: 5)),
        ("{\"a\":1,}", JSONParseError(code: .unexpectedByte, value: "}", offset: 7)),
        ("{'a':1}", JSONParseError(code: .unexpectedByte, value: "'a':1}", offset: 1)),
        ("{\"a\":1", JSONParseError(code: .unexpectedEnd, value: "", offset: 6)),
        ("tru", JSONParseError(code: .unexpectedEnd, value: "", offset: 3)),
        ("trUe", JSONParseError(code: .unexpectedByte, value: "Ue", offset: 2)),
        ("NaN", JSONParseError(code: .unexpectedByte, value: "NaN", offset: 0)),
        ("\"abc", JSONParseError(code: .unterminatedString, value: "\"abc", offset: 0)),
        ("[\"a\\n", JSONParseError(code: .unterminatedString, value: "\"a\\n", offset: 1)),
        ("\"a\\", JSONParseError(code: .unterminatedString, value: "\"a\\", offset: 0)),
        ("\"a\nb\"", JSONParseError(code: .controlCharacterInString, value: "\nb\"", offset: 2)),
        ("\"\\x\"", JSONParseError(code: .invalidEscape, value: "\\x\"", offset: 1)),
        ("\"\\u12G4\"", JSONParseError(code: .invalidEscape, value: "\\u12G4\"", offset: 1)),
        ("\"\\ud800\"", JSONParseError(code: .loneSurrogate, value: "\\ud800\"", offset: 1)),
        ("\"\\ud800\\u0041\"", JSONParseError(code: .loneSurrogate, value: "\\ud800\\u0041\"", offset: 1)),
        ("\"\\udc00\"", JSONParseError(code: .loneSurrogate, value: "\\udc00\"", offset: 1)),
        ("01", JSONParseError(code: .invalidNumber, value: "01", offset: 0)),
        ("-", JSONParseError(code: .invalidNumber, value: "-", offset: 0)),
        ("-a", JSONParseError(code: .invalidNumber, value: "-a", offset: 0)),
        ("1.", JSONParseError(code: .invalidNumber, value: "1.", offset: 0)),
        ("[1.e5]", JSONParseError(code: .invalidNumber, value: "1.e5]", offset: 1)),
        ("1e", JSONParseError(code: .invalidNumber, value: "1e", offset: 0)),
        ("1e+", JSONParseError(code: .invalidNumber, value: "1e+", offset: 0)),
        ("+1", JSONParseError(code: .unexpectedByte, value: "+1", offset: 0)),
        (".5", JSONParseError(code: .unexpectedByte, value: ".5", offset: 0)),
        ("1e999999", JSONParseError(code: .numberOutOfRange, value: "1e999999", offset: 0)),
        ("[-1e309]", JSONParseError(code: .numberOutOfRange, value: "-1e309]", offset: 1)),
        ("[1]x", JSONParseError(code: .trailingData, value: "x", offset: 3)),
        ("1 2", JSONParseError(code: .trailingData, value: "2", offset: 2)),
        ("{} {}", JSONParseError(code: .trailingData, value: "{}", offset: 3)),
        ("\u{FEFF}[1]", JSONParseError(code: .byteOrderMark, value: "\u{FEFF}[1]", offset: 0)),
    ] as [(String, JSONParseError)])
    func rejectsInvalidDocumentsWithExactErrors(text: String, expected: JSONParseError) {
        #expect(throws: expected) { try parse(text) }
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}\"", offset: 1)),
        ([0x22, 0xC0, 0xAF, 0x22], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}\u{FFFD}\"", offset: 1)),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}\u{FFFD}\u{FFFD}\"", offset: 1)),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\"", offset: 1)),
        ([0x22, 0x61, 0xE2, 0x82, 0x22], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}\"", offset: 2)),
        ([0x22, 0xE2, 0x82], JSONParseError(code: .invalidUTF8, value: "\u{FFFD}", offset: 1)),
        ([0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00], JSONParseError(code: .unexpectedByte, value: "\u{0}1\u{0}]\u{0}", offset: 1)),
    ] as [([UInt8], JSONParseError)])
    func rejectsMalformedUTF8(bytes: [UInt8], expected: JSONParseError) {
        #expect(throws: expected) { try JSONParser().parse(bytes) }
    }

    @Test func excerptIsCappedAtSixteenBytes() {
        #expect(throws: JSONParseError(code: .trailingData, value: "abcdefghijklmnop", offset: 2)) {
            try parse("1 abcdefghijklmnopqrstuvwxyz")
        }
    }

    @Test func skipsByteOrderMarkWhenConfigured() throws {
        let configuration = JSONParserConfiguration(byteOrderMark: .skip)
        #expect(try parse("\u{FEFF}[1]", configuration) == [1])
        #expect(throws: JSONParseError(code: .trailingData, value: "x", offset: 6)) { try parse("\u{FEFF}[1]x", configuration) }
    }

    @Test func duplicateKeysLastWinsAtFirstPositionAndAreReported() throws {
        let document = try JSONParser().parseDocument(Array(#"{"a":1,"b":2,"a":3,"a":4}"#.utf8))
        #expect(document.value == ["a": 4, "b": 2])
        #expect(document.value.objectValue?.keys == ["a", "b"])
        #expect(document.duplicateKeys == [.init(key: "a", offset: 13), .init(key: "a", offset: 19)])
    }

    @Test func duplicateKeysFirstWins() throws {
        let configuration = JSONParserConfiguration(duplicateKeys: .firstWins)
        let document = try JSONParser(configuration: configuration).parseDocument(Array(#"{"a":1,"a":3}"#.utf8))
        #expect(document.value == ["a": 1])
        #expect(document.duplicateKeys == [.init(key: "a", offset: 7)])
    }

    @Test func duplicateKeysRejected() {
        let configuration = JSONParserConfiguration(duplicateKeys: .reject)
        #expect(throws: JSONParseError(code: .duplicateKey, value: "a", offset: 21)) {
            try parse(#"{"a":1, "b":{"a":2}, "a":3}"#, configuration)
        }
        #expect(throws: JSONParseError(code: .duplicateKey, value: "k", offset: 8)) { try parse(#"{"k":1, "k":1}"#, configuration) }
    }

    @Test func duplicateDetectionIsLinearInLargeObjects() throws {
        var text = "{"
        for i in 0..<20_000 { text += "\"k\(i)\":\(i)," }
        text += "\"k5\":\"last\"}"
        let document = try JSONParser().parseDocument(Array(text.utf8))
        #expect(document.value.objectValue?.count == 20_000)
        #expect(document.value["k5"] == "last")
        #expect(document.duplicateKeys.map(\.key) == ["k5"])
    }

    @Test func depthLimitCountsContainers() throws {
        let configuration = JSONParserConfiguration(maxDepth: 3)
        #expect(try parse("[[[1]]]", configuration) == [[[1]]])
        #expect(throws: JSONParseError(code: .depthLimitExceeded, value: "{\"a\":1}]]]", offset: 3)) {
            try parse("[[[{\"a\":1}]]]", configuration)
        }
    }

    @Test func defaultDepthLimitIsSixtyFourAndDeepInputIsNotRecursed() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try parse(deep)
        let tooDeep = String(repeating: "[", count: 1_000_000)
        #expect(throws: JSONParseError(code: .depthLimitExceeded, value: String(repeating: "[", count: 16), offset: 64)) {
            try parse(tooDeep)
        }
    }

    @Test func inputSizeLimit() throws {
        let configuration = JSONParserConfiguration(maxInputBytes: 4)
        #expect(try parse("[12]", configuration) == [12])
        #expect(throws: JSONParseError(code: .inputTooLarge, value: "", offset: 4)) { try parse("[123]", configuration) }
    }

    @Test func numberLengthLimit() throws {
        let configuration = JSONParserConfiguration(maxNumberBytes: 5)
        #expect(try parse("12345", configuration) == 12345)
        #expect(try parse("-1.25", configuration) == -1.25)
        #expect(throws: JSONParseError(code: .numberTooLong, value: "123456]", offset: 1)) { try parse("[123456]", configuration) }
        let huge = "[" + String(repeating: "1", count: 10_000_000) + "]"
        #expect(throws: JSONParseError(code: .numberTooLong, value: String(repeating: "1", count: 16), offset: 1)) { try parse(huge) }
    }

    @Test func acceptsNonArrayCollections() throws {
        let bytes: ArraySlice<UInt8> = Array("xx[1,2]".utf8)[2...]
        #expect(try JSONParser().parse(bytes) == [1, 2])
        #expect(try JSONParser().parse("[true]".utf8) == [true])
    }

    /// Documents on which this parser and Foundation's `JSONSerialization` (with fragments
    /// allowed) must agree: both accept with the same value, or both reject.
    @Test(arguments: [
        "null", "[1,2.5,-3e2]", #"{"a":{"b":[{}]}}"#, #""\u00e9\ud83d\ude00""#, "  [ ]  ", "-0.125", "1E400",
        "[01]", "{\"a\":}", "{\"a\" 1}", "[\"\\q\"]", "[1]x", "\"abc", "[", "]", "tru", "nul",
        "[.5]", "[1.]", "[-]", "{1:2}", "[\"a\u{1}\"]", "[\"\t\"]", "'a'", "[1 2]", "[1,,2]",
        "123456789012345678", "-9223372036854775808", "[true, false, null]", "\"\\/\"", "{\"a\":1,\"a\":2}",
    ])
    func agreesWithFoundation(text: String) throws {
        let ours = Result { () throws(JSONParseError) -> StructuredValue in try parse(text) }
        let theirs = Result { try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) }
        switch (ours, theirs) {
        case (.success(let value), .success(let object)):
            #expect(Self.numbersUnified(value) == Self.structured(object), "\(text)")
        case (.failure, .failure):
            break
        default:
            Issue.record("disagreement on \(text.debugDescription): ours \(ours), Foundation \(theirs)")
        }
    }

    /// Where this strict parser and Foundation (Swift 6.3, Linux) knowingly differ: Foundation
    /// accepts a trailing comma; this parser follows RFC 8259.
    @Test(arguments: ["[1,]", #"{"a":1,}"#])
    func rejectsTrailingCommasThatFoundationAccepts(text: String) throws {
        #expect(throws: JSONParseError.self) { try parse(text) }
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) }
    }

    /// Integral numbers that fit `Int64` as `.int`, whichever side typed them as double.
    static func numbersUnified(_ value: StructuredValue) -> StructuredValue {
        switch value {
        case .double(let number):
            if number.rounded() == number, let exact = Int64(exactly: number), !(number == 0 && number.sign == .minus) {
                return .int(exact)
            }
            return value
        case .array(let elements): return .array(elements.map(numbersUnified))
        case .object(let object):
            return .object(StructuredObject(object.entries.sorted { $0.key < $1.key }.map { ($0.key, numbersUnified($0.value)) }))
        default: return value
        }
    }

    /// Foundation's JSON objects as a structured value (numbers compared as this parser types them).
    static func structured(_ object: Any) -> StructuredValue {
        switch object {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            if type(of: object) == Bool.self || String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            if String(cString: number.objCType) != "d" { return numbersUnified(.int(number.int64Value)) }
            return numbersUnified(.double(number.doubleValue))
        case let array as [Any]: return .array(array.map(structured))
        case let dictionary as [String: Any]:
            return numbersUnified(.object(StructuredObject(dictionary.map { ($0.key, structured($0.value)) })))
        default: return .string("unexpected \(type(of: object))")
        }
    }
}

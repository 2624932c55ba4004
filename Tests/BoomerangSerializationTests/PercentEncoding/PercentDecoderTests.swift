import BoomerangSamples
import Testing

@testable import BoomerangSerialization

@Suite struct PercentDecoderTests {
    @Test(
        arguments: [
            ("a%20b", "a b"),
            ("%C3%A4", "ä"),
            ("%c3%a4", "ä"),
            ("%00", "\u{0}"),
            ("%0A%0d", "\n\r"),
            ("a+b", "a+b"),
            ("%2B", "+"),
            ("%2520", "%20"),
            ("", ""),
            ("plain", "plain"),
            ("?/", "?/"),
        ]
    )
    func decodesEscapes(input: String, expected: String) throws {
        #expect(try PercentDecoder().decodeString(input) == expected)
    }

    @Test(
        arguments: [
            ("%G1", "%G1", 0),
            ("ab%", "%", 2),
            ("ab%1", "%1", 2),
            ("x%zz", "%zz", 1),
            ("%%", "%%", 0),
            ("a%2", "%2", 1),
            ("%41%4", "%4", 3),
        ]
    )
    func strictModeRejectsMalformedEscapes(input: String, value: String, offset: Int) {
        #expect(throws: PercentDecodingError(code: .malformedEscape, value: value, offset: offset)) {
            try PercentDecoder().decode(input)
        }
    }

    @Test(
        arguments: [
            ("%G1", "%G1"),
            ("ab%", "ab%"),
            ("ab%1", "ab%1"),
            ("%%41", "%A"),
            ("%zz%20", "%zz "),
        ]
    )
    func lenientModeKeepsMalformedEscapes(input: String, expected: String) throws {
        #expect(try PercentDecoder(mode: .lenient).decodeString(input) == expected)
    }

    @Test func plusBecomesSpaceOnlyWhenAsked() throws {
        #expect(try PercentDecoder(decodesPlusAsSpace: true).decodeString("a+b%2Bc") == "a b+c")
        #expect(try PercentDecoder().decodeString("a+b%2Bc") == "a+b+c")
    }

    @Test(
        arguments: [
            ("%FF", "%FF", 0),
            ("ab%C0%AE", "%C0", 2),
            ("x%ED%A0%80", "%ED", 1),
            ("%C3", "%C3", 0),
            ("é%E2%82", "%E2%82", 2),
            ("\u{FF}%80", "%80", 2),
        ]
    )
    func strictTextRejectsInvalidUTF8(input: String, value: String, offset: Int) {
        #expect(throws: PercentDecodingError(code: .invalidUTF8, value: value, offset: offset)) {
            try PercentDecoder().decodeString(input)
        }
    }

    @Test func lenientTextReplacesInvalidUTF8() throws {
        #expect(try PercentDecoder(mode: .lenient).decodeString("a%FFb%C0%AE") == "a\u{FFFD}b\u{FFFD}\u{FFFD}")
    }

    @Test func decodesToBytesWithoutCheckingUTF8() throws {
        #expect(try PercentDecoder().decode("%FF%00%C0") == [0xFF, 0x00, 0xC0])
    }

    @Test func outputNeverLongerThanInputForAllEscapes() throws {
        let input = String(repeating: "%41%c3%A4", count: 1000)
        let output = try PercentDecoder().decode(input)
        #expect(output.count == 3000)
        #expect(output.count <= input.utf8.count)
    }

    @Test(arguments: 0..<100)
    func roundTripsRandomText(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 1000)
        let text = PercentEncoderTests.randomText(using: &generator)
        for encoder in [PercentEncoder.afnetworking, .spaceAsPlus] {
            let decoder = PercentDecoder(decodesPlusAsSpace: encoder.encodesSpaceAsPlus)
            #expect(try decoder.decodeString(encoder.encode(text)) == text, "seed \(seed)")
        }
    }

    @Test(arguments: 0..<30)
    func roundTripsRandomBytes(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 5000)
        let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(try PercentDecoder().decode(PercentEncoder.afnetworking.encodedBytes(bytes)) == bytes)
    }
}

import BoomerangSamples
import Foundation
import Testing

@testable import BoomerangSerialization

@Suite struct PercentEncoderTests {
    @Test(
        "AFNetworking escaping table",
        arguments: [
            (":#[]@!$&'()*+,;=?/", "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/"),
            ("", ""),
            ("abcXYZ019-._~", "abcXYZ019-._~"),
            ("?/", "?/"),
            ("a b", "a%20b"),
            ("a+b", "a%2Bb"),
            ("100%", "100%25"),
            ("%20", "%2520"),
            ("ä", "%C3%A4"),
            ("\u{0}", "%00"),
            ("\n", "%0A"),
            ("\r\n\t", "%0D%0A%09"),
            ("\u{7F}", "%7F"),
            ("\"<>\\^`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D"),
            ("value&", "value%26"),
            ("URL编码", "URL%E7%BC%96%E7%A0%81"),
            ("😄", "%F0%9F%98%84"),
            ("http://localhost:8080/get?a=1&b=2", "http%3A//localhost%3A8080/get?a%3D1%26b%3D2"),
        ]
    )
    func escapesLikeAFNetworking(input: String, expected: String) {
        #expect(PercentEncoder.afnetworking.encode(input) == expected)
        #expect(PercentEncoder.afnetworking.encodedBytes(Array(input.utf8)) == Array(expected.utf8))
    }

    @Test func escapesEmojiAcrossAFNetworkingBatchBoundary() {
        var parameter = "!"
        while parameter.utf16.count < 50 {
            parameter += "👴🏿👷🏻👮🏽"
        }
        let expected =
            "%21" + String(
                repeating:
                    "%F0%9F%91%B4%F0%9F%8F%BF%F0%9F%91%B7%F0%9F%8F%BB%F0%9F%91%AE%F0%9F%8F%BD",
                count: 5
            )
        #expect(PercentEncoder.afnetworking.encode(parameter) == expected)
    }

    @Test func escapesLongCJKTextLikeFoundation() {
        let text = String(repeating: "中文字符串测试，長い日本語の文字列。한국어 문자열", count: 200)
        #expect(PercentEncoder.afnetworking.encode(text) == Self.foundationEscape(text))
    }

    @Test func writesSpaceAsPlusWhenAsked() {
        #expect(PercentEncoder.spaceAsPlus.encode("a b+c d") == "a+b%2Bc+d")
        #expect(PercentEncoder(allowed: .afQueryAllowed, encodesSpaceAsPlus: false).encode(" ") == "%20")
    }

    @Test func allowedSetHoldsExactlyLettersDigitsAndFiveMarks() {
        let allowed = (0...255).map(UInt8.init).filter { URLByteSet.afQueryAllowed.contains($0) }
        let expected = Array("-./0123456789?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8)
        #expect(allowed == expected)
    }

    @Test func escapesEveryByteNotAllowed() throws {
        let bytes = (0...255).map(UInt8.init)
        let encoded = PercentEncoder.afnetworking.encodedBytes(bytes)
        #expect(encoded.count == 68 + 188 * 3)
        #expect(try PercentDecoder().decode(encoded) == bytes)
    }

    @Test func acceptsNonContiguousInput() {
        let input = "a b".utf8.lazy.map { $0 }
        #expect(PercentEncoder.afnetworking.encodedBytes(input) == Array("a%20b".utf8))
    }

    @Test(arguments: 0..<50)
    func matchesFoundationOnRandomText(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let text = Self.randomText(using: &generator)
        #expect(PercentEncoder.afnetworking.encode(text) == Self.foundationEscape(text), "seed \(seed)")
    }

    static func foundationEscape(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "<nil>"
    }

    static func randomText(using generator: inout SplitMix64) -> String {
        let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
        var scalars = String.UnicodeScalarView()
        let length = Int.random(in: 0...80, using: &generator)
        for _ in 0..<length {
            let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

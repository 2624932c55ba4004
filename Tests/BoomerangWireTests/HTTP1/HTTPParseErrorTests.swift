import BoomerangSerialization
import BoomerangWire
import Testing

@Suite struct HTTPParseErrorTests {
    /// The parser's errors read like every other parser error of the project.
    @Test func aParseErrorHasTheOneShape() throws {
        let error = HTTPParseError(code: .invalidTarget, value: "x", offset: 3)
        #expect(error.valueText == "x")
        #expect(error.byteOffset == 3)
        #expect("\(error)" == #"HTTP invalidTarget (400) at byte 3: "x""#)
    }

    @Test func anExcerptIsEscapedAndCut() {
        let excerpt = HTTPParseError.excerpt(Array("a\r\n\t\\\u{7F}".utf8) + Array(repeating: UInt8(ascii: "b"), count: 40))
        #expect(excerpt == #"a\r\n\t\\\x7f"# + String(repeating: "b", count: HTTPParseError.maxExcerptBytes - 6))
    }
}

import BoomerangSerialization
import Testing

@Suite struct MediaTypeTests {
    @Test func parsesTypeSubtypeAndParameters() throws {
        let type = try MediaType(parsing: "  Multipart/Form-Data ; Boundary=\"a \\\"b\\\" c\";charset=UTF-8 ")
        #expect(type.type == "multipart")
        #expect(type.subtype == "form-data")
        #expect(type.essence == "multipart/form-data")
        #expect(type.parameters == [.init(name: "boundary", value: "a \"b\" c"), .init(name: "charset", value: "UTF-8")])
        #expect(type.parameter("BOUNDARY") == "a \"b\" c")
        #expect(type.parameter("missing") == nil)
        #expect(type.description == "multipart/form-data; boundary=\"a \\\"b\\\" c\"; charset=UTF-8")
    }

    @Test(arguments: [
        ("application/json", "application/json"),
        ("text/plain;;charset=utf-8", "text/plain; charset=utf-8"),
        ("text/plain;", "text/plain"),
        ("a/b; x=\"\"", "a/b; x=\"\""),
        ("*/*", "*/*"),
        ("application/vnd.api+json", "application/vnd.api+json"),
    ])
    func canonicalText(input: String, canonical: String) throws {
        #expect(try MediaType(parsing: input).description == canonical)
    }

    @Test(arguments: [
        ("", MediaTypeError(code: .invalidType, value: "", offset: 0)),
        ("/json", MediaTypeError(code: .invalidType, value: "/json", offset: 0)),
        ("application", MediaTypeError(code: .missingSlash, value: "application", offset: 11)),
        ("application json", MediaTypeError(code: .missingSlash, value: "application json", offset: 11)),
        ("appl@cation/json", MediaTypeError(code: .invalidType, value: "appl@cation/json", offset: 4)),
        ("application/", MediaTypeError(code: .invalidSubtype, value: "application/", offset: 12)),
        ("application/js(n", MediaTypeError(code: .invalidSubtype, value: "application/js(n", offset: 14)),
        ("text/plain x", MediaTypeError(code: .unexpectedByte, value: "text/plain x", offset: 11)),
        ("text/plain; =x", MediaTypeError(code: .invalidParameterName, value: "text/plain; =x", offset: 12)),
        ("text/plain; a", MediaTypeError(code: .invalidParameterName, value: "text/plain; a", offset: 13)),
        ("text/plain; a =x", MediaTypeError(code: .invalidParameterName, value: "text/plain; a =x", offset: 13)),
        ("text/plain; a=", MediaTypeError(code: .invalidParameterValue, value: "text/plain; a=", offset: 14)),
        ("text/plain; a= b", MediaTypeError(code: .invalidParameterValue, value: "text/plain; a= b", offset: 14)),
        ("text/plain; a=\"b", MediaTypeError(code: .invalidQuotedString, value: "text/plain; a=\"b", offset: 14)),
        ("text/plain; a=\"b\u{1}\"", MediaTypeError(code: .invalidQuotedString, value: "text/plain; a=\"b\u{1}\"", offset: 16)),
        ("text/plain; a=b c", MediaTypeError(code: .unexpectedByte, value: "text/plain; a=b c", offset: 16)),
    ])
    func rejectsMalformedText(input: String, expected: MediaTypeError) {
        #expect(throws: expected) { try MediaType(parsing: input) }
    }

    @Test(arguments: [
        ("application/json", "application/json", true),
        ("application/json", "application/*", true),
        ("application/json", "*/*", true),
        ("application/json", "text/*", false),
        ("application/json", "application/xml", false),
        ("text/xml", "application/xml", false),
    ])
    func matchesRanges(type: String, range: String, matches: Bool) throws {
        #expect(try MediaType(parsing: type).matches(MediaType(parsing: range)) == matches)
    }

    @Test func partsInitializerLowercasesNames() {
        let type = MediaType(type: "Text", subtype: "HTML", parameters: [.init(name: "CharSet", value: "UTF-8")])
        #expect(type.description == "text/html; charset=UTF-8")
    }
}

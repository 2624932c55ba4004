import BoomerangSerialization
import Testing

@Suite struct ResponseFormatTests {
    @Test(arguments: [
        ("json", ResponseFormat.json), ("JSON", .json), ("plist", .plist), ("binary-plist", .binaryPlist),
        ("Binary-Plist", .binaryPlist), ("xml", .xml),
    ])
    func parsesNames(name: String, format: ResponseFormat) {
        #expect(ResponseFormat(name: name) == format)
    }

    @Test(arguments: ["", "yaml", "binaryPlist", " json", "application/json"])
    func rejectsUnknownNames(name: String) {
        #expect(ResponseFormat(name: name) == nil)
    }

    @Test func namesAndMediaTypes() {
        #expect(ResponseFormat.allCases.map(\.name) == ["json", "plist", "binary-plist", "xml"])
        #expect(ResponseFormat.allCases.map(\.mediaType.description) == [
            "application/json", "application/x-plist", "application/x-bplist", "application/xml",
        ])
    }

    @Test(arguments: [
        ("application/json; charset=utf-8", ResponseFormat.json), ("text/json", .json), ("application/x-plist", .plist),
        ("application/x-bplist", .binaryPlist), ("text/xml", .xml), ("APPLICATION/XML", .xml),
    ])
    func findsFormatsByMediaType(text: String, format: ResponseFormat) throws {
        #expect(ResponseFormat(mediaType: try MediaType(parsing: text)) == format)
    }

    @Test func unknownMediaTypeHasNoFormat() throws {
        #expect(ResponseFormat(mediaType: try MediaType(parsing: "text/html")) == nil)
    }
}

import BoomerangSerialization
import Testing

@Suite struct ContentDispositionTests {
    @Test func readsNameAndFilename() throws {
        let disposition = try #require(ContentDisposition(parsing: "form-data; name=\"file\"; filename=\"a b.txt\""))
        #expect(disposition.type == "form-data")
        #expect(disposition.name == "file")
        #expect(disposition.filename == "a b.txt")
        #expect(
            disposition.parameters == [
                .init(name: "name", value: "file"), .init(name: "filename", value: "a b.txt"),
            ]
        )
    }

    @Test(arguments: [
        ("form-data; name=plain", "plain"),
        ("form-data;name=\"x;y\"", "x;y"),
        ("form-data; NAME=\"upper\"", "upper"),
        ("form-data; name=\"C:\\dir\\f\"", "C:\\dir\\f"),
        ("form-data; name=\"k[sub]\"", "k[sub]"),
        ("form-data; name=\"unclosed", "unclosed"),
        ("form-data; name=\"a\"junk; filename=\"f\"", "a"),
        ("form-data; name=\"\"", ""),
        ("form-data; name=\"ä€😀\"", "ä€😀"),
    ])
    func readsNamesAsWrittenByAFNetworking(value: String, name: String) throws {
        #expect(try #require(ContentDisposition(parsing: value)).name == name)
    }

    /// Robustness M13: the plain filename wins over filename*.
    @Test func plainFilenameIsAuthoritative() throws {
        let both = try #require(
            ContentDisposition(
                parsing: "form-data; name=\"f\"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd; filename=\"a.txt\""
            )
        )
        #expect(both.filename == "a.txt")
        #expect(both.extendedFilename == "../../etc/passwd")
        let starOnly = try #require(
            ContentDisposition(parsing: "form-data; name=f; filename*=UTF-8''%E2%82%AC%20rates.txt")
        )
        #expect(starOnly.filename == "€ rates.txt")
        #expect(starOnly.plainFilename == nil)
    }

    @Test(arguments: [
        ("UTF-8''%C3%A4.txt", "ä.txt" as String?),
        ("utf-8'en'a%20b", "a b"),
        ("ISO-8859-1''%E4", "ä"),
        ("UTF-8''%FF", nil),
        ("UTF-8''%4", nil),
        ("UTF-8''%G1", nil),
        ("KOI8-R''x", nil),
        ("noquotes", nil),
    ])
    func decodesExtendedValues(value: String, decoded: String?) {
        #expect(ContentDisposition.decodeExtendedValue(value) == decoded)
    }

    @Test func emptyOrTypelessValuesAreNotDispositions() {
        #expect(ContentDisposition(parsing: "") == nil)
        #expect(ContentDisposition(parsing: "  ; name=x") == nil)
        #expect(ContentDisposition(parsing: "form-data")?.parameters == [])
    }
}

import BoomerangSerialization
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookUpIsCaseInsensitiveAndKeepsOriginalCase() {
        var headers: HTTPHeaders = ["X-Foo": "1", "x-foo": "2", "Accept": "*/*"]
        #expect(headers["x-FOO"] == "1")
        #expect(headers.values(for: "X-FOO") == ["1", "2"])
        headers.set(name: "X-Foo", value: "3")
        #expect(headers.fields.map(\.name) == ["X-Foo", "Accept"])
        #expect(headers.values(for: "x-foo") == ["3"])
        headers.set(name: "accept", value: nil)
        #expect(headers.count == 1)
    }

    @Test func namesDifferingOnlyOutsideLettersDoNotMatch() {
        #expect(!HTTPHeaders.namesMatch("Transfer_Encoding", "Transfer-Encoding"))
        #expect(!HTTPHeaders.namesMatch("a@", "a`"))
        #expect(HTTPHeaders.namesMatch("CONTENT-type", "content-TYPE"))
    }

    @Test func lookUpsFindNamesOfAnyCaseAmongNamesOfTheSameLength() {
        var headers: HTTPHeaders = ["Accept": "1", "origin": "2", "ORIGIN": "3", "Cookie": "4"]
        #expect(headers["Origin"] == "2")
        #expect(headers.values(for: "oRIGIN") == ["2", "3"])
        #expect(headers.contains("cookie"))
        #expect(!headers.contains("Expect"))
        #expect(headers["Accep"] == nil)
        headers.set(name: "Origin", value: "5")
        #expect(headers.fields.map(\.name) == ["Accept", "Origin", "Cookie"])
        headers.remove(name: "ACCEPT")
        #expect(headers.fields.map(\.value) == ["5", "4"])
        let long = String(repeating: "x", count: 70_000)
        headers.add(name: long, value: "6")
        #expect(headers[long.uppercased()] == "6")
        #expect(headers[long + "y"] == nil)
    }

    @Test func aRenamedFieldIsFoundByItsNewName() {
        var field = HTTPHeaders.Field(name: "X-Old", value: "1")
        field.name = "X-New-Name"
        let headers = HTTPHeaders([(field.name, field.value)])
        #expect(headers["x-new-name"] == "1")
        #expect(headers.fields == [field])
    }
}

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
}

import BoomerangSerialization
import Testing

@Suite struct ResponseValueTests {
    @Test(
        arguments: [
            ("Application/JSON; charset=UTF-8", "application/json", "utf-8"),
            ("text/html", "text/html", nil),
            ("text/plain;charset=\"ISO-8859-1\"", "text/plain", "iso-8859-1"),
            ("TEXT/Html ; q=1", "text/html", nil),
            (" text/plain ", "text/plain", nil),
            ("application/json;charset=utf-8;foo=bar", "application/json", "utf-8"),
            ("application/json; q=0.8; charset=utf-8", "application/json", "utf-8"),
            ("garbage", "garbage", nil),
            ("a/b/c", "a/b/c", nil),
            ("", "", nil),
            (";charset=utf-8", "", "utf-8"),
            ("application/problem+json", "application/problem+json", nil),
        ] as [(String, String, String?)]
    )
    func mimeTypeAndCharsetAreComputedLikeFoundation(contentType: String, mimeType: String, charset: String?) {
        let response = ResponseValue.fixture(contentType: contentType)
        #expect(response.mimeType == mimeType)
        #expect(response.textEncodingName == charset)
    }

    @Test func noContentTypeGivesNilMimeTypeAndEncoding() {
        let response = ResponseValue.fixture()
        #expect(response.mimeType == nil)
        #expect(response.textEncodingName == nil)
    }

    @Test func contentTypeHeaderNameIsCaseInsensitive() {
        let response = ResponseValue(statusCode: 200, headers: ["content-TYPE": "Text/XML"])
        #expect(response.mimeType == "text/xml")
        #expect(response.url == nil)
    }

    @Test func explicitValuesAreKept() {
        let response = ResponseValue(
            statusCode: 201,
            headers: ["Content-Type": "text/html"],
            url: "http://x/",
            mimeType: "image/png",
            textEncodingName: nil,
            requestMethod: .head
        )
        #expect(response.mimeType == "image/png")
        #expect(response.requestMethod == .head)
    }
}

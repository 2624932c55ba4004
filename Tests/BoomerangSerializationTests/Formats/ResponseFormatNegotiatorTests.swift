import BoomerangSerialization
import Testing

@Suite struct ResponseFormatNegotiatorTests {
    @Test(arguments: [
        (nil, ResponseFormat.json),
        ("", .json),
        ("  ", .json),
        ("*/*", .json),
        ("garbage", .json),
        ("application/json", .json),
        ("application/xml", .xml),
        ("text/xml", .xml),
        ("application/x-plist", .plist),
        ("application/x-bplist", .binaryPlist),
        ("application/*", .json),
        ("text/*", .json),
        // A browser's page request gets JSON, as from httpbin; XML asked above HTML is XML.
        ("text/html, application/xml;q=0.9, */*;q=0.8", .json),
        ("text/html;q=0.5, application/xml;q=0.9, */*;q=0.8", .xml),
        ("text/html, application/xml", .xml),
        ("text/html, application/xml;q=0.9, application/json;q=0", .xml),
        ("application/json;q=0.5, application/x-plist", .plist),
        ("application/json;q=0.5, application/x-plist;q=0.5", .json),
        ("*/*;q=0.5, application/xml;q=0.5", .xml),
        ("application/*;q=0.5, application/x-bplist;q=0.5", .binaryPlist),
        ("application/json;q=0, */*", .plist),
        ("application/json;q=0, application/x-plist;q=0, */*", .binaryPlist),
        ("application/xml;q=0, text/xml, application/json;q=0.1", .json),
        ("application/json;q=0.001, application/xml;q=0.002", .xml),
        ("application/json;charset=utf-8;q=0.5, application/*;q=0.9", .plist),
        ("application/json;q=2, application/xml", .xml),
        ("application/json;q=0.9, application/json;q=0.2", .json),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", .json),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8", .json),
    ] as [(String?, ResponseFormat)])
    func choosesTheBestFormat(accept: String?, expected: ResponseFormat) {
        #expect(ResponseFormatNegotiator().negotiate(accept: accept) == expected)
    }

    @Test(arguments: [
        "text/html", "*/*;q=0", "application/*;q=0", "image/png, text/plain", "application/json;q=0",
        "application/json;q=0, application/x-plist;q=0, application/x-bplist;q=0, application/xml;q=0",
    ])
    func answersNilForNotAcceptable(accept: String) {
        #expect(ResponseFormatNegotiator().negotiate(accept: accept) == nil)
    }

    @Test func joinsRepeatedAcceptFields() {
        var headers = HTTPHeaders()
        #expect(ResponseFormatNegotiator().negotiate(headers: headers) == .json)
        headers.add(name: "Accept", value: "text/html")
        headers.add(name: "accept", value: "application/xml;q=0.5")
        #expect(ResponseFormatNegotiator().negotiate(headers: headers) == .xml)
    }

    @Test func honoursOfferedFormatsAndDefault() {
        let negotiator = ResponseFormatNegotiator(formats: [.xml, .json], defaultFormat: .xml)
        #expect(negotiator.negotiate(accept: nil) == .xml)
        #expect(negotiator.negotiate(accept: "*/*") == .xml)
        #expect(negotiator.negotiate(accept: "application/x-plist") == nil)
    }
}

import Foundation
import Testing

@testable import BoomerangSerialization

@Suite struct PropertyListRequestSerializerTests {
    static func makeSerializer(_ format: PropertyListRequestSerializer.Format = .xml) -> PropertyListRequestSerializer {
        PropertyListRequestSerializer(base: HTTPRequestSerializer(languages: [], userAgent: nil), format: format)
    }

    @Test func writesXMLPropertyList() throws {
        let request = try Self.makeSerializer().request(method: .post, url: "http://x.test/", parameters: ["a": "x", "b": 1, "c": [true]])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<string>x</string>
            \t<key>b</key>
            \t<integer>1</integer>
            \t<key>c</key>
            \t<array>
            \t\t<true/>
            \t</array>
            </dict>
            </plist>

            """
        #expect(request.body.serializedText == expected)
        #expect(request.headers.values(for: "Content-Type") == ["application/x-plist"])
    }

    @Test func writesBinaryPropertyList() throws {
        let request = try Self.makeSerializer(.binary).request(method: .put, url: "http://x.test/", parameters: ["d": .data([1, 2])])
        let bytes = try #require(request.body.serializedBytes)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Data]
        #expect(object == ["d": Data([1, 2])])
    }

    @Test func uriMethodsUseTheQueryString() throws {
        let request = try Self.makeSerializer().request(method: .delete, url: "http://x.test/", parameters: ["k": "v"])
        #expect(request.url == "http://x.test/?k=v")
        #expect(request.body.isNoBody)
    }

    @Test func nilParametersGiveNoBodyAndNoContentType() throws {
        let request = try Self.makeSerializer().request(method: .post, url: "http://x.test/", parameters: nil)
        #expect(request.body.isNoBody)
        #expect(request.headers.isEmpty)
    }

    @Test(arguments: [QueryValue.dictionary(["a": nil]), ["s": .set(["x"])]])
    func reportsWriteFailures(parameters: QueryValue) throws {
        do {
            _ = try Self.makeSerializer().request(method: .post, url: "http://x.test/", parameters: parameters)
            Issue.record("expected an error")
        } catch let error as RequestSerializationError {
            #expect(error.code == .propertyListWriteFailed)
            #expect(error.domain == NSCocoaErrorDomain)
            #expect(error.errorCode == 3851)
        }
    }

    @Test func refusesDeepNesting() {
        var value: QueryValue = "x"
        for _ in 0..<600 { value = ["k": value] }
        #expect(throws: RequestSerializationError(
            code: .nestingTooDeep, value: "depth > 512", domain: NSCocoaErrorDomain, errorCode: 3851,
            failureReason: "The parameters nest deeper than 512 levels."
        )) {
            try Self.makeSerializer().propertyListBytes(value)
        }
    }
}

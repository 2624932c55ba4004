import BoomerangTesting
import Foundation
import Testing

/// Bodies past the echo's decoding limits, in process: large JSON is copied into `json` as sent, and a form
/// past the pair limit keeps the pairs before it.
@Suite struct EchoLargeBodyTests {
    /// About 1.6 MB of JSON with repeated structure, escapes and non-ASCII text.
    private static let largeJSON: [UInt8] = {
        let items = (0..<12_000).map { index in
            #"{"id":\#(index),"name":"item \#(index) é \"q\"","values":[1,2.5,null,true,-3e2],"nested":{"k":"v\u00e9"}}"#
        }
        return Array(("[" + items.joined(separator: ",\n ") + "]").utf8)
    }()

    private static func post(_ server: InProcessServer, _ body: [UInt8], contentType: String, accept: String = "application/json") throws -> (json: [String: Any]?, raw: Data) {
        let response = try server.fetch("POST", "/post", headers: [("Content-Type", contentType), ("Accept", accept)], body: body)
        return (response.json, Data(response.body))
    }

    private static func codes(_ echo: [String: Any]?) -> [String] {
        (echo?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test func largeJSONIsEchoedAsSentAndDecodesToTheSameValue() throws {
        let server = InProcessServer()
        let body = Self.largeJSON
        #expect(body.count > 1 << 20)
        let (echo, raw) = try Self.post(server, body, contentType: "application/json")
        let sent = try JSONSerialization.jsonObject(with: Data(body)) as? NSArray
        let echoed = echo?["json"] as? NSArray
        #expect(echoed != nil && echoed == sent)
        #expect(Self.codes(echo) == ["jsonEchoedVerbatim"])
        // The body's own line breaks and spacing are in the answer: it was copied, not re-encoded.
        #expect(raw.range(of: Data(",\n {\"id\":1,".utf8)) != nil)
        #expect(echo?["data"] as? String == String(decoding: body, as: UTF8.self))
    }

    @Test func jsonLookingBodyOfAnotherTypeIsEchoedAsSentToo() throws {
        let server = InProcessServer()
        let (echo, _) = try Self.post(server, Self.largeJSON, contentType: "application/octet-stream")
        #expect((echo?["json"] as? NSArray)?.count == 12_000)
        #expect(Self.codes(echo) == ["jsonEchoedVerbatim", "jsonWithoutJSONContentType"])
    }

    @Test func largeBodyThatIsNotJSONGetsTheErrorAndNoValue() throws {
        let server = InProcessServer()
        var body = Self.largeJSON
        body[body.count / 2] = UInt8(ascii: "}")
        let (echo, _) = try Self.post(server, body, contentType: "application/json")
        #expect(echo?["json"] is NSNull)
        #expect(Self.codes(echo) == ["jsonContentTypeWithoutJSON"])
    }

    @Test func bodiesUpToTheLimitAreDecodedAndPrettyPrinted() throws {
        let server = InProcessServer()
        let body = Array(#"{"b":[1,2],"a":"x"}"#.utf8) + Array(repeating: UInt8(ascii: " "), count: (1 << 20) - 19)
        #expect(body.count == 1 << 20)
        let (echo, raw) = try Self.post(server, body, contentType: "application/json")
        #expect((echo?["json"] as? [String: Any])?["a"] as? String == "x")
        #expect(Self.codes(echo).isEmpty)
        #expect(raw.range(of: Data("\"json\": {\n    \"b\": [\n      1,".utf8)) != nil)
    }

    @Test func otherFormatsDecodeLargeJSON() throws {
        let server = InProcessServer()
        let (_, raw) = try Self.post(server, Self.largeJSON, contentType: "application/json", accept: "application/x-plist")
        let plist = try PropertyListSerialization.propertyList(from: raw, format: nil) as? [String: Any]
        #expect((plist?["json"] as? [Any])?.count == 12_000)
        #expect(String(decoding: raw, as: UTF8.self).contains("jsonEchoedVerbatim") == false)
    }

    @Test func formPastThePairLimitKeepsThePairsBeforeIt() throws {
        let server = InProcessServer()
        let pairs = (0..<1_500).map { "k\($0)=v\($0)" }
        let body = Array(pairs.joined(separator: "&").utf8)
        let (echo, _) = try Self.post(server, body, contentType: "application/x-www-form-urlencoded")
        let form = echo?["form"] as? [String: Any]
        #expect(form?.count == 1_000)
        #expect(form?["k999"] as? String == "v999")
        #expect(form?["k1000"] == nil)
        let diagnostic = (echo?["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "tooManyPairs" }
        let cut = Array(pairs.prefix(1_000).joined(separator: "&").utf8).count
        #expect(diagnostic?["offset"] as? Int == cut + 1)
        #expect((diagnostic?["message"] as? String)?.contains("the 1000 pairs before byte \(cut) are echoed") == true)
    }

    @Test func queryPastThePairLimitKeepsThePairsBeforeIt() throws {
        let server = InProcessServer { $0.maxRequestLineBytes = 64 * 1024; $0.maxHeaderBytes = 128 * 1024 }
        let query = (0..<1_200).map { "q\($0)=\($0)" }.joined(separator: "&")
        let response = try server.fetch("/get?" + query)
        #expect((response.json?["args"] as? [String: Any])?.count == 1_000)
        #expect((response.json?["query"] as? [Any])?.count == 1_000)
    }
}

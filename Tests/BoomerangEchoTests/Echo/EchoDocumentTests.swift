import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings
import Testing

@testable import BoomerangEcho


@Suite("EchoDocument")
struct EchoDocumentTests {
    private static let heads: [HTTPRequestHead] = [
        HTTPRequestHead(method: .get, target: "/get", headers: ["Host": "127.0.0.1:8080", "User-Agent": "curl/8", "Accept": "*/*"]),
        HTTPRequestHead(
            method: .get, target: "/get?a=1&a=2&b[c]=x+y&bare&%E2%9C%93=%F0%9F%98%80&a[]=3",
            headers: HTTPHeaders([
                ("host", "example.test"), ("X-Dup", "one"), ("x-dup", "two"), ("X-FORWARDED-FOR", "10.0.0.1"),
                ("content-type", "text/plain; charset=\"utf-8\""), ("X-Quote", "a\"b\\c\u{1}"), ("accept-ENCODING", "gzip"),
                ("Accept-Encoding", "br"),
            ])),
        HTTPRequestHead(method: .get, target: "/get", headers: HTTPHeaders()),
        HTTPRequestHead(method: .delete, target: "/anything/x?y", headers: ["Host": "h", "User-Agent": "<img src=x onerror=alert(1)>"]),
    ]

    private static let routes: [EchoRoute] = [.get, .anything, .delete, .headers, .ip, .userAgent]

    @Test("the streamed JSON is the tree's JSON, byte for byte", arguments: 0..<heads.count)
    func streamedJSONMatchesTheTree(index: Int) throws {
        let head = Self.heads[index]
        let configuration = EchoConfiguration(settings: ServerSettings())
        let context = RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "abc-000001", loopIndex: 0, receivedAt: 0)
        for route in Self.routes {
            var body = BodyCollector(head: head, configuration: configuration)
            let hash = body.finish()
            let document = EchoDocument(context: context, route: route, query: EchoQuery(head.query ?? ""), body: body, bodyHash: hash)
            let streamed = try document.render(as: .json)
            #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: try JSONWriter(configuration: .pretty).write(document.value), as: UTF8.self))
            #expect(try JSONParser().parse(streamed) == document.value)
        }
    }

    @Test("headers of one name in any case are joined under the title-cased name of the first")
    func canonicalHeadersJoinRepeats() {
        let headers = HTTPHeaders([("x-dup", "one"), ("content-TYPE", "a/b"), ("X-DUP", "two"), ("x-a1b", "c")])
        let object = EchoDocument.canonicalHeaders(headers)
        #expect(object.keys == ["X-Dup", "Content-Type", "X-A1B"])
        #expect(object["X-Dup"] == .string("one,two"))
    }
}
